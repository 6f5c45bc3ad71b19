import { defineCommand } from '../../../framework/define-command.js';
import { userColumns } from '../columns.js';
import { groupArg, groupOf } from '../group-arg.js';

export default defineCommand<{ group: string }>({
  name: 'list',
  endpoint: 'groups.listUsers',
  description: 'List the members of a group',
  args: [groupArg],
  columns: userColumns,
  keepsNames: ['users'],
  examples: ['fp groups users list "Beta testers"', 'fp groups users list "Beta testers" --jq ".[].id"'],
  async run(ctx) {
    const group = await groupOf(ctx);
    const { data } = await (await ctx.client()).call('groups.listUsers', { params: { group: group.id } });
    return { list: data, empty: `No users in "${group.name}".` };
  },
});
