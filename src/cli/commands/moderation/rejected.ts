import { rejectedColumns } from './columns.js';
import { queueCommand } from './queue-command.js';

export default queueCommand({
  name: 'rejected',
  description: 'List rejected posts and comments, newest first (first page unless --all)',
  columns: rejectedColumns,
  examples: ['fp moderation rejected', 'fp moderation rejected --all --format ndjson'],
  empty: 'Nothing has been rejected.',
  more: 'More items were rejected: pass --all to list every page.',
});
