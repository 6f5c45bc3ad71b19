import { defineCommand } from '../../framework/define-command.js';
import { resolveStatuses } from '../../resolve/status.js';

export default defineCommand<{ status: string }>({
  name: 'delete',
  endpoint: 'statuses.delete',
  description: 'Delete a status no post is on',
  args: [{ name: 'status', description: 'status id or name', complete: 'statuses' }],
  examples: ['fp statuses delete "Needs info" --yes'],
  async confirm({ opts, client, once }) {
    const id = await once('status', async () => (await resolveStatuses(await client(), [opts.status]))[0]);
    return `Delete status ${JSON.stringify(opts.status)} (${id})?`;
  },
  async run({ opts, client, once }) {
    const c = await client();
    const id = await once('status', async () => (await resolveStatuses(c, [opts.status]))[0]);
    const res = await c.call('statuses.delete', { params: { status: String(id) } });
    return { done: res.message, data: res };
  },
});
