import { defineCommand } from '../../framework/define-command.js';
import { categoryColumns } from './columns.js';

export default defineCommand({
  name: 'list',
  endpoint: 'categories.list',
  columns: categoryColumns,
  examples: ['fp categories list', 'fp categories list --fields id,name --format csv'],
  keepsNames: ['categories'],
  empty: 'No categories.',
});
