import { defineCommand } from '../../framework/define-command.js';
import { webhookColumns } from './columns.js';
import { EVENT_NAMES_HELP, parseEventList } from './event-list.js';

export default defineCommand<{ url: string; events?: string[]; secret?: string }>({
  name: 'add',
  endpoint: 'webhooks.create',
  description: 'Add a webhook endpoint: URL, event filter, signing secret (reference server)',
  args: [{ name: 'url', description: 'where deliveries are POSTed (http or https)', field: 'url' }],
  flags: [
    {
      flags: '--events <list>',
      description: 'comma-separated events it receives (default: all)',
      field: 'events',
      parse: (value) => parseEventList(value),
    },
    {
      flags: '--secret <whsec_…>',
      description: 'signing secret (default: a new one, shown once)',
      field: 'secret',
      secret: true,
    },
  ],
  columns: [...webhookColumns, { header: 'SECRET', value: (w: { secret: string }) => w.secret }],
  examples: [
    'fp webhooks add http://127.0.0.1:8080/hooks',
    'fp webhooks add http://127.0.0.1:8080/hooks --events comment.created,vote.created',
  ],
  help: `${EVENT_NAMES_HELP} The secret is shown only now; deliveries are signed with it (Standard Webhooks).`,
});
