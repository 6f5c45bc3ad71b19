import type { RunContext } from '../../framework/define-command.js';
import type { ArgSpec } from '../../framework/flags.js';
import { resolveUser } from '../../resolve/user.js';

export const usersArg: ArgSpec = {
  name: 'users...',
  description: 'users by UUID, integer id, e-mail or name (1-100)',
  variadic: true,
  complete: 'users',
};

/** The users named on the command line as the API takes them (UUID key or integer id), read once per run. */
export function userIdsOf(ctx: RunContext<{ users: string[] }>): Promise<(string | number)[]> {
  return ctx.once('users', () =>
    Promise.all(ctx.opts.users.map((u) => resolveUser(ctx.client, u, 'USERS', ctx.keepNames, ctx.status))),
  );
}
