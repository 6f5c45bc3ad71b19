import { defineCommand } from '../../framework/define-command.js';
import { feedbackColumns } from './columns.js';

export default defineCommand({
  name: 'list',
  endpoint: 'feedback.list',
  columns: feedbackColumns,
  examples: ['fp feedback list', 'fp feedback list --jq \'.[] | select(.type == "bug") | .feedback\''],
  async run({ client }) {
    const { data } = await (await client()).call('feedback.list', {});
    return { list: data, empty: 'No feedback entries.' };
  },
});
