import { defineCommand } from '../../framework/define-command.js';
import { userArg, userOf } from './user-arg.js';

export default defineCommand<{ user: string }>({
  name: 'delete',
  endpoint: 'users.delete',
  args: [userArg],
  examples: ['fp users delete "Sofia Rossi" --yes', 'fp users delete 3'],
  async confirm(ctx) {
    const user = await userOf(ctx);
    return `Delete user "${user.name}" <${user.email}> (${user.id})? Their posts and comments stay, shown with a deleted author.`;
  },
  async run(ctx) {
    const user = await userOf(ctx);
    const res = await (await ctx.client()).call('users.delete', { params: { user: user.id } });
    return { done: res.message, data: res };
  },
});
