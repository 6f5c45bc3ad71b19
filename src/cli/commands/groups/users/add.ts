import { defineCommand } from '../../../framework/define-command.js';
import { resolveGroup } from '../../../resolve/group.js';
import { groupArg } from '../group-arg.js';
import { userRef } from './user-ref.js';

export default defineCommand<{ group: string; user: string }>({
  name: 'add',
  endpoint: 'groups.addUser',
  args: [groupArg, { name: 'user', description: "the user's UUID (preferred) or integer id", complete: 'users' }],
  examples: ['fp groups users add "Beta testers" 5ea10ee5-4552-5275-b57e-7adde4b93d06', 'fp groups users add "Beta testers" 3'],
  async run({ opts, client }) {
    const user_id = userRef(opts.user);
    const c = await client();
    const group = await resolveGroup(c, opts.group);
    const res = await c.call('groups.addUser', { params: { group: group.id }, body: { user_id } });
    return { done: res.message, data: res };
  },
});
