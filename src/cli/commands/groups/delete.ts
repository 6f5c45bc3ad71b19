import { defineCommand } from '../../framework/define-command.js';
import { resolveGroup } from '../../resolve/group.js';
import { groupArg } from './group-arg.js';

export default defineCommand<{ group: string }>({
  name: 'delete',
  endpoint: 'groups.delete',
  args: [groupArg],
  examples: ['fp groups delete "Beta testers" --yes', 'fp groups delete "Beta testers"'],
  async confirm({ opts, client, once }) {
    const group = await once('group', async () => resolveGroup(await client(), opts.group));
    return `Delete group "${group.name}" (${group.id}) and its memberships?`;
  },
  async run({ opts, client, once }) {
    const c = await client();
    const group = await once('group', async () => resolveGroup(c, opts.group));
    const res = await c.call('groups.delete', { params: { id: group.id } });
    return { done: res.message, data: res };
  },
});
