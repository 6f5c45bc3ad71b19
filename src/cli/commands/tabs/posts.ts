import type { PostTabQuery } from '../../../contract/schemas/post-search.js';
import { defineCommand } from '../../framework/define-command.js';
import { postColumns } from '../posts/columns.js';
import { pageFooter } from '../posts/hints.js';

export default defineCommand<{ tab: string; limit?: string; skip?: string; all?: boolean }>({
  name: 'posts',
  endpoint: 'posts.listForTab',
  description: 'List the posts of one tab, newest first, one page or --all',
  args: [{ name: 'tab', description: 'tab slug or id', field: 'tab', complete: 'tabs' }],
  flags: [
    { flags: '--limit <n>', description: 'posts per page (1-100, default 10)', field: 'limit' },
    { flags: '--skip <n>', description: 'posts to skip', field: 'skip' },
  ],
  paginate: true,
  columns: postColumns,
  keepsNames: ['posts'],
  examples: ['fp tabs posts changelog', 'fp tabs posts help --all --fields id,title'],
  help: 'Knowledge-base tabs list their articles too (assumed operation, D-POST-TAB-LIST).',
  async run({ opts, fields, client, all }) {
    const query = fields as PostTabQuery;
    if (opts.all) return { list: all(query), empty: 'No posts.' };
    const page = await (await client()).call('posts.listForTab', { query });
    return { list: page.data, empty: 'No posts.', footer: () => pageFooter(page) };
  },
});
