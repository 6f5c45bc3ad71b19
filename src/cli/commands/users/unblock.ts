import { defineCommand } from '../../framework/define-command.js';
import { userIdsOf, usersArg } from './users-args.js';

export default defineCommand<{ users: string[] }>({
  name: 'unblock',
  endpoint: 'users.bulkUnblock',
  description: 'Unblock users (assumed operation, D-USER-BULK)',
  args: [usersArg],
  examples: ['fp users unblock "Tom Becker"', 'fp users unblock 4 5 lena.novak@acme.test'],
  async run(ctx) {
    const res = await (await ctx.client()).call('users.bulkUnblock', { body: { user_ids: await userIdsOf(ctx) } });
    return { done: res.message, data: res };
  },
});
