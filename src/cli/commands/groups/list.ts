import { defineCommand } from '../../framework/define-command.js';
import { groupColumns } from './columns.js';

export default defineCommand({
  name: 'list',
  endpoint: 'groups.list',
  description: 'List user groups',
  columns: groupColumns,
  examples: ['fp groups list', 'fp groups list --jq ".[].name"'],
  keepsNames: ['groups'],
  empty: 'No groups.',
});
