import { queueColumns } from './columns.js';
import { queueCommand } from './queue-command.js';

export default queueCommand({
  name: 'pending',
  description: 'List pending posts and comments, newest first (first page unless --all)',
  columns: queueColumns,
  examples: [
    'fp moderation pending',
    'fp moderation pending --web',
    'fp moderation pending --all --jq \'.[] | select(.type=="comment") | .id\' | fp moderation approve comment - --dry-run',
  ],
  empty: 'Nothing is pending.',
  more: 'More items are pending: pass --all to list every page.',
  // Assumed (D-WEB-URLS, evidence KB-MOD): the API gives no address for the queue; the portal's Moderation page.
  webPath: '/admin/moderation',
});
