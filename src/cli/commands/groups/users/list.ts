import { defineCommand } from '../../../framework/define-command.js';
import { resolveGroup } from '../../../resolve/group.js';
import { userColumns } from '../columns.js';
import { groupArg } from '../group-arg.js';

export default defineCommand<{ group: string }>({
  name: 'list',
  endpoint: 'groups.listUsers',
  description: 'List the members of a group',
  args: [groupArg],
  columns: userColumns,
  examples: ['fp groups users list "Beta testers"', 'fp groups users list "Beta testers" --jq ".[].id"'],
  async run({ opts, client }) {
    const c = await client();
    const group = await resolveGroup(c, opts.group);
    const { data } = await c.call('groups.listUsers', { params: { group: group.id } });
    return { list: data, empty: `No users in "${group.name}".` };
  },
});
