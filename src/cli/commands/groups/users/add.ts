import { ApiError } from '../../../../client/errors.js';
import { defineCommand } from '../../../framework/define-command.js';
import { resolveUser } from '../../../resolve/user.js';
import { groupArg, groupOf } from '../group-arg.js';

/** The portal's refusal of a user who is in the group already (D-GROUP-ADD). */
const alreadyMember = (err: unknown) =>
  err instanceof ApiError && err.status === 422 && /already in the group/i.test(err.message);

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
    try {
      const res = await (await ctx.client()).call('groups.addUser', { params: { group: group.id }, body: { user_id } });
      return { done: res.message, data: res };
    } catch (err) {
      // Re-running a script is safe, as moderation's skips are; programs (--json, --jq) still get the 422.
      if (!alreadyMember(err) || (await ctx.output()).machine) throw err;
      return { done: `${ctx.opts.user} is already a member of ${group.name}, nothing changed` };
    }
  },
});
