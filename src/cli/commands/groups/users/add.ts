import { defineCommand } from '../../../framework/define-command.js';
import { groupArg, groupOf } from '../group-arg.js';
import { userRef } from './user-ref.js';

export default defineCommand<{ group: string; user: string }>({
  name: 'add',
  endpoint: 'groups.addUser',
  args: [groupArg, { name: 'user', description: "the user's UUID (preferred) or integer id", complete: 'users' }],
  examples: ['fp groups users add "Beta testers" 5ea10ee5-4552-5275-b57e-7adde4b93d06', 'fp groups users add "Beta testers" 3'],
  async run(ctx) {
    const user_id = userRef(ctx.opts.user);
    const group = await groupOf(ctx);
    const res = await (await ctx.client()).call('groups.addUser', { params: { group: group.id }, body: { user_id } });
    return { done: res.message, data: res };
  },
});
