import { defineCommand } from '../../framework/define-command.js';
import { userIdsOf, usersArg } from './users-args.js';

export default defineCommand<{ users: string[] }>({
  name: 'bulk-delete',
  endpoint: 'users.bulkDelete',
  description: 'Delete several users at once; their posts and comments stay (assumed operation, D-USER-BULK)',
  args: [usersArg],
  examples: ['fp users bulk-delete 11 12 --yes'],
  async confirm(ctx) {
    const ids = await userIdsOf(ctx);
    return `Delete ${ids.length === 1 ? '1 user' : `${ids.length} users`} (${ctx.opts.users.join(', ')})? Their posts and comments stay, shown with a deleted author.`;
  },
  async run(ctx) {
    const res = await (await ctx.client()).call('users.bulkDelete', { body: { user_ids: await userIdsOf(ctx) } });
    return { done: res.message, data: res };
  },
});
