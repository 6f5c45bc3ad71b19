import { defineCommand } from '../../framework/define-command.js';
import { portalUserColumns } from './columns.js';
import { userArg, userOf } from './user-arg.js';

export default defineCommand<{ user: string }>({
  name: 'get',
  endpoint: 'users.get',
  description: 'Show one user by UUID, integer id, e-mail or name',
  args: [userArg],
  columns: portalUserColumns,
  examples: ['fp users get 1', 'fp users get "Sofia Rossi" --json'],
  run: async (ctx) => ({ item: await userOf(ctx) }),
});
