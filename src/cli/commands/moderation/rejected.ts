import type { ModerationItem } from '../../../contract/schemas/moderation.js';
import { defineCommand } from '../../framework/define-command.js';
import { rejectedColumns } from './columns.js';

/** The first page of each collection, or with --all every page, streamed. */
export default defineCommand<{ all?: boolean }>({
  name: 'rejected',
  endpoint: 'moderation.rejected',
  description: 'List rejected posts and comments, newest first (first page unless --all)',
  paginate: true,
  columns: rejectedColumns,
  examples: ['fp moderation rejected', 'fp moderation rejected --all --format ndjson'],
  async run({ opts, all, client }) {
    if (opts.all) return { list: all(), empty: 'Nothing has been rejected.' };
    const page = await (await client()).call('moderation.rejected', {});
    const rows: ModerationItem[] = [...page.data.posts, ...page.data.comments];
    const more = page.meta.has_more_posts || page.meta.has_more_comments;
    return { list: rows, empty: 'Nothing has been rejected.', note: more ? 'More items were rejected: pass --all to list every page.' : undefined };
  },
});
