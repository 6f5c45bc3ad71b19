import type { ModerationItem } from '../../../contract/schemas/moderation.js';
import { defineCommand, type CommandDef } from '../../framework/define-command.js';
import type { Column } from '../../output/output.js';
import { newestFirst } from './columns.js';

/** `pending` and `rejected`: the first page of each collection, or with --all every page, newest first. */
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
      if (opts.all) {
        // Sorted, so read whole: a queue is what one person works through, not a stream.
        const items: ModerationItem[] = [];
        for await (const item of all()) items.push(item as ModerationItem);
        return { list: newestFirst(items), empty: spec.empty };
      }
      const page = await (await client()).call(endpoint, {});
      const more = page.meta.has_more_posts || page.meta.has_more_comments;
      return {
        list: newestFirst([...page.data.posts, ...page.data.comments]),
        empty: spec.empty,
        note: more ? spec.more : undefined,
      };
    },
  });
}
