import { defineCommand } from '../../framework/define-command.js';
import { userIdsOf, usersArg } from './users-args.js';

export default defineCommand<{ users: string[] }>({
  name: 'block',
  endpoint: 'users.bulkBlock',
  description: 'Block users: they can no longer vote, comment or post through the API (assumed operation, D-USER-BULK)',
  args: [usersArg],
  examples: ['fp users block "Tom Becker"', 'fp users block 4 5 lena.novak@acme.test'],
  async run(ctx) {
    const res = await (await ctx.client()).call('users.bulkBlock', { body: { user_ids: await userIdsOf(ctx) } });
    return { done: res.message, data: res };
  },
});
