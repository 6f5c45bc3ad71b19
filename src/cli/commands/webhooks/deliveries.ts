import { defineCommand } from '../../framework/define-command.js';
import { terminalText } from '../../output/terminal-text.js';
import { parsePositiveInteger } from '../../parse.js';
import { deliveryColumns } from './columns.js';

export default defineCommand<{ id: number }>({
  name: 'deliveries',
  endpoint: 'webhooks.deliveries',
  description: "A webhook's delivery log, newest first (reference server)",
  args: [{ name: 'id', description: 'webhook id (fp webhooks list)', parse: parsePositiveInteger }],
  columns: deliveryColumns,
  examples: ['fp webhooks deliveries 1', 'fp webhooks deliveries 1 --json'],
  help: `The first line (on stderr) says how many deliveries wait for the webhook and its lag: how long
ago the event of the oldest waiting one happened (0 s when it keeps up).`,
  async run({ opts, client, status }) {
    const { data, backlog } = await (await client()).call('webhooks.deliveries', { params: { id: opts.id } });
    status(
      terminalText(
        backlog.waiting === 0
          ? `Webhook ${opts.id}: nothing waiting (lag 0 s).`
          : `Webhook ${opts.id}: ${backlog.waiting} waiting, lag ${backlog.lag_seconds} s (the oldest waiting event happened at ${backlog.oldest_event_at ?? 'an unknown time'}).`,
      ),
    );
    return { list: data, empty: `No deliveries to webhook ${opts.id} yet.` };
  },
});
