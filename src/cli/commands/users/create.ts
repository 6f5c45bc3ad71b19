import { USER_ROLES, type UserCreateBody } from '../../../contract/schemas/user.js';
import { defineCommand } from '../../framework/define-command.js';
import { portalUserColumns } from './columns.js';

export default defineCommand({
  name: 'create',
  endpoint: 'users.create',
  description: 'Invite (create) a user (assumed operation, D-USER-WRITE)',
  args: [
    { name: 'name', description: "the user's name", field: 'name' },
    { name: 'email', description: 'e-mail address (unique)', field: 'email' },
  ],
  flags: [
    {
      flags: '--role <role>',
      description: 'admin, moderator, member or user (default user)',
      field: 'role',
      choices: USER_ROLES,
    },
    { flags: '--message <text>', description: 'invitation message', field: 'invitation_message' },
  ],
  columns: portalUserColumns,
  examples: [
    'fp users create "Ada Lovelace" ada@example.test',
    'fp users create "Ada Lovelace" ada@example.test --role member',
  ],
  async run({ fields, client }) {
    const { data } = await (await client()).call('users.create', { body: fields as UserCreateBody });
    return { item: data };
  },
});
