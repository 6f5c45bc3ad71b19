import { defineCommand } from '../../framework/define-command.js';
import { groupFields } from './columns.js';
import { groupArg, groupOf } from './group-arg.js';

export default defineCommand<{ group: string }>({
  name: 'get',
  endpoint: 'groups.get',
  args: [groupArg],
  columns: groupFields,
  examples: ['fp groups get "Beta testers"', 'fp groups get "Beta testers" --json'],
  run: async (ctx) => ({ item: await groupOf(ctx) }),
});
