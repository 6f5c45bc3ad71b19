import type { ModerationItem } from '../../../contract/schemas/moderation.js';
import { defineCommand, type CommandDef } from '../../framework/define-command.js';
import { openInBrowser, webFlag } from '../../open-in-browser.js';
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
  /** The path of the queue's page in the portal, for `--web` (D-WEB-URLS). */
  webPath?: string;
}): CommandDef {
  const endpoint = spec.name === 'pending' ? 'moderation.pending' : 'moderation.rejected';
  return defineCommand<{ all?: boolean; web?: boolean }>({
    name: spec.name,
    endpoint,
    description: spec.description,
    paginate: true,
    flags: spec.webPath ? [webFlag("the portal's moderation page")] : [],
    columns: spec.columns,
    examples: spec.examples,
    async run({ opts, f, all, client }) {
      if (opts.web && spec.webPath) return openInBrowser(f, (await client()).baseUrl + spec.webPath, 'the queue');
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
