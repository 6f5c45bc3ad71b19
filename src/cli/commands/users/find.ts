import { defineCommand } from '../../framework/define-command.js';
import { portalUserColumns } from './columns.js';

export default defineCommand<{ email: string }>({
  name: 'find',
  endpoint: 'users.findByEmail',
  description: 'Find the user with this e-mail address (any case)',
  args: [{ name: 'email', description: 'e-mail address', field: 'email' }],
  columns: portalUserColumns,
  examples: ['fp users find sofia.rossi@acme.test', 'fp users find SOFIA.ROSSI@acme.test --jq .id'],
  async run({ fields, client }) {
    return {
      item: (await (await client()).call('users.findByEmail', { query: { email: String(fields.email) } })).data,
    };
  },
});
