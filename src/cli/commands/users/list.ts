import { defineCommand } from '../../framework/define-command.js';
import { pageFooter } from '../posts/hints.js';
import { portalUserColumns } from './columns.js';

export default defineCommand<{ all?: boolean }>({
  name: 'list',
  endpoint: 'users.list',
  description: 'List the users of the portal, one page or --all',
  flags: [
    { flags: '--limit <n>', description: 'users per page, 1-100 (default 10)', field: 'limit' },
    { flags: '--skip <n>', description: 'users to skip first (default 0)', field: 'skip' },
  ],
  paginate: true,
  columns: portalUserColumns,
  keepsNames: ['users'],
  examples: [
    'fp users list',
    'fp users list --all --fields name,email,role',
    'fp users list --all --jq \'.[] | select(.role == "admin") | .email\'',
  ],
  async run({ opts, fields, client, all }) {
    if (opts.all) return { list: all(fields), empty: 'No users.' };
    const page = await (await client()).call('users.list', { query: fields });
    return { list: page.data, empty: 'No users.', footer: () => pageFooter(page) };
  },
});
