import { defineCommand } from '../../../framework/define-command.js';
import { resolveUser } from '../../../resolve/user.js';
import { groupArg, groupOf } from '../group-arg.js';

export default defineCommand<{ group: string; user: string }>({
  name: 'add',
  endpoint: 'groups.addUser',
  args: [groupArg, { name: 'user', description: "the user's UUID, e-mail, name or integer id", complete: 'users' }],
  examples: [
    'fp groups users add "Beta testers" 5ea10ee5-4552-5275-b57e-7adde4b93d06',
    'fp groups users add "Beta testers" raj.patel@acme.test',
    'fp groups users add "Beta testers" "Mia Chen"',
  ],
  async run(ctx) {
    const user_id = await resolveUser(ctx.client, ctx.opts.user, 'USER', ctx.keepNames, ctx.status);
    const group = await groupOf(ctx);
    const res = await (await ctx.client()).call('groups.addUser', { params: { group: group.id }, body: { user_id } });
    return { done: res.message, data: res };
  },
});
