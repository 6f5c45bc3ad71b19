import type { ModerationItem } from '../../../contract/schemas/moderation.js';
import { defineCommand } from '../../framework/define-command.js';
import { queueColumns } from './columns.js';

/** The first page of each collection, or with --all every page, streamed. */
export default defineCommand<{ all?: boolean }>({
  name: 'pending',
  endpoint: 'moderation.pending',
  description: 'List pending posts and comments, newest first (first page unless --all)',
  paginate: true,
  columns: queueColumns,
  examples: ['fp moderation pending', 'fp moderation pending --all --jq \'.[] | select(.type=="comment") | .id\' | fp moderation approve comment - --dry-run'],
  async run({ opts, all, client }) {
    if (opts.all) return { list: all(), empty: 'Nothing is pending.' };
    const page = await (await client()).call('moderation.pending', {});
    const rows: ModerationItem[] = [...page.data.posts, ...page.data.comments];
    const more = page.meta.has_more_posts || page.meta.has_more_comments;
    return { list: rows, empty: 'Nothing is pending.', note: more ? 'More items are pending: pass --all to list every page.' : undefined };
  },
});
