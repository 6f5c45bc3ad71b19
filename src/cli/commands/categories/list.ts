import { defineCommand } from '../../framework/define-command.js';
import { categoryColumns } from './columns.js';

export default defineCommand({
  name: 'list',
  endpoint: 'categories.list',
  columns: categoryColumns,
  examples: ['fp categories list', 'fp categories list --fields id,name --format csv'],
  async run({ client }) {
    const { data } = await (await client()).call('categories.list', {});
    return { list: data, empty: 'No categories.' };
  },
});
