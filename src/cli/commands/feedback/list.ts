import { defineCommand } from '../../framework/define-command.js';
import { feedbackColumns } from './columns.js';

export default defineCommand({
  name: 'list',
  endpoint: 'feedback.list',
  columns: feedbackColumns,
  examples: ['fp feedback list', 'fp feedback list --jq \'.[] | select(.type == "bug") | .feedback\''],
  empty: 'No feedback entries.',
});
