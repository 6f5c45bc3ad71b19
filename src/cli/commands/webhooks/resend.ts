import { defineCommand } from '../../framework/define-command.js';
import { parsePositiveInteger } from '../../parse.js';

export default defineCommand<{ id: number; eventId: string }>({
  name: 'resend',
  endpoint: 'webhooks.resend',
  description: 'Send an event to a webhook again: same id, same body (reference server)',
  args: [
    { name: 'id', description: 'webhook id (fp webhooks list)', parse: parsePositiveInteger },
    { name: 'event-id', description: 'event id (fp webhooks deliveries ID)' },
  ],
  examples: ['fp webhooks resend 1 evt_3kQ9x0aZbY7cD2eF'],
  async run({ opts, client }) {
    const params = { id: opts.id, event: opts.eventId };
    const { data } = await (await client()).call('webhooks.resend', { params });
    return { done: `Queued ${opts.eventId} for webhook ${opts.id} again.`, data };
  },
});
