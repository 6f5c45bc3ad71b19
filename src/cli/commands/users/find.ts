import { ApiError } from '../../../client/errors.js';
import { notFoundText } from '../../../client/api-words.js';
import { defineCommand } from '../../framework/define-command.js';
import { portalUserColumns } from './columns.js';

export default defineCommand<{ email: string }>({
  name: 'find',
  endpoint: 'users.findByEmail',
  description: 'Find the user with this e-mail address (any case)',
  args: [{ name: 'email', description: 'e-mail address', field: 'email' }],
  columns: portalUserColumns,
  examples: ['fp users find sofia.rossi@acme.test', 'fp users find SOFIA.ROSSI@acme.test --jq .id'],
  async run({ fields, client, f }) {
    const email = String(fields.email);
    try {
      return { item: (await (await client()).call('users.findByEmail', { query: { email } })).data };
    } catch (err) {
      // The portal's 404 names no key (`…[App\Models\User].`): fp's words name the address asked for.
      const g = f.globals();
      const raw = g.json || g.jq !== undefined || g.debug || f.io.env.FP_DEBUG === '1';
      if (!raw && err instanceof ApiError && err.status === 404 && notFoundText(err.message) === 'user not found')
        throw new ApiError(404, `no user has the e-mail ${email}`, {}, err.body);
      throw err;
    }
  },
});
