import { defineCommand } from '../../framework/define-command.js';
import { webhookColumns } from './columns.js';
import { EVENT_NAMES_HELP, parseEventList } from './event-list.js';
import { referenceCall } from './reference-api.js';

interface AddOptions {
  url: string;
  events?: string;
  secret?: string;
}

export default defineCommand<AddOptions>({
  name: 'add',
  description: 'Add a webhook endpoint: URL, event filter, signing secret (reference server)',
  args: [{ name: 'url', description: 'where deliveries are POSTed (http or https)' }],
  flags: [
    { flags: '--events <list>', description: 'comma-separated events it receives (default: all)' },
    { flags: '--secret <whsec_…>', description: 'signing secret (default: a new one, shown once)' },
  ],
  columns: [...webhookColumns, { header: 'SECRET', value: (w: { secret: string }) => w.secret }],
  examples: [
    'fp webhooks add http://127.0.0.1:8080/hooks',
    'fp webhooks add http://127.0.0.1:8080/hooks --events comment.created,vote.created',
  ],
  help: `${EVENT_NAMES_HELP} The secret is shown only now; deliveries are signed with it (Standard Webhooks).`,
  async run({ opts, client }) {
    const body = {
      url: opts.url,
      ...(opts.events !== undefined && { events: parseEventList(opts.events) }),
      ...(opts.secret !== undefined && { secret: opts.secret }),
    };
    const { data } = await referenceCall(await client(), 'webhooks.create', { body });
    return { item: data };
  },
});
