import type { ModerationItem } from '../../../contract/schemas/moderation.js';
import { defineCommand, type CommandDef } from '../../framework/define-command.js';
import type { Column } from '../../output/output.js';

/** `pending` and `rejected`: the first page of each collection, or with --all every page, streamed. */
export function queueCommand(spec: {
  name: 'pending' | 'rejected';
  description: string;
  columns: Column<ModerationItem>[];
  examples: string[];
  empty: string;
  more: string;
}): CommandDef {
  const endpoint = spec.name === 'pending' ? 'moderation.pending' : 'moderation.rejected';
  return defineCommand<{ all?: boolean }>({
    name: spec.name,
    endpoint,
    description: spec.description,
    paginate: true,
    columns: spec.columns,
    examples: spec.examples,
    async run({ opts, all, client }) {
      if (opts.all) return { list: all(), empty: spec.empty };
      const page = await (await client()).call(endpoint, {});
      const more = page.meta.has_more_posts || page.meta.has_more_comments;
      return {
        list: [...page.data.posts, ...page.data.comments],
        empty: spec.empty,
        note: more ? spec.more : undefined,
      };
    },
  });
}
