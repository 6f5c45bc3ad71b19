import type { PortalUser } from '../../../contract/schemas/user.js';
import type { RunContext } from '../../framework/define-command.js';
import type { ArgSpec } from '../../framework/flags.js';
import { resolveUser } from '../../resolve/user.js';

export const userArg: ArgSpec = {
  name: 'user',
  description: "the user's UUID, integer id, e-mail or name",
  complete: 'users',
};

/** The user named by the USER argument, read once per run (D-USER-GET). */
export function userOf(ctx: RunContext<{ user: string }>): Promise<PortalUser> {
  return ctx.once('user', async () => {
    const id = await resolveUser(ctx.client, ctx.opts.user, 'USER', ctx.keepNames, ctx.status);
    return (await (await ctx.client()).call('users.get', { params: { user: String(id) } })).data;
  });
}
