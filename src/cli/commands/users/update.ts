import { USER_ROLES, type UserUpdateBody } from '../../../contract/schemas/user.js';
import { defineCommand } from '../../framework/define-command.js';
import { portalUserColumns } from './columns.js';
import { userArg, userOf } from './user-arg.js';

/** Only the fields given are sent (D-USER-WRITE). */
export default defineCommand<{ user: string }>({
  name: 'update',
  endpoint: 'users.update',
  description: "Change a user's name, e-mail or role (assumed operation, D-USER-WRITE)",
  args: [userArg],
  flags: [
    { flags: '--name <name>', description: 'new name', field: 'name' },
    { flags: '--email <email>', description: 'new e-mail address (unique)', field: 'email' },
    {
      flags: '--role <role>',
      description: 'admin, moderator, member or user',
      field: 'role',
      choices: USER_ROLES,
    },
  ],
  needsOneOf: ['--name', '--email', '--role'],
  columns: portalUserColumns,
  examples: ['fp users update "Sofia Rossi" --role member', 'fp users update 3 --email sofia@example.test'],
  async run(ctx) {
    const user = await userOf(ctx);
    const { data } = await (await ctx.client()).call('users.update', {
      params: { user: user.id },
      body: ctx.fields as UserUpdateBody,
    });
    return { item: data };
  },
});
