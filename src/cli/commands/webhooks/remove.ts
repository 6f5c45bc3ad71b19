import { defineCommand } from '../../framework/define-command.js';
import { parsePositiveInteger } from '../../parse.js';

export default defineCommand<{ id: number }>({
  name: 'remove',
  endpoint: 'webhooks.delete',
  description: 'Remove a webhook endpoint and its delivery log (reference server)',
  args: [{ name: 'id', description: 'webhook id (fp webhooks list)', parse: parsePositiveInteger }],
  examples: ['fp webhooks remove 1'],
  // Removes without asking, and has no --yes: the contract's `fp webhooks remove ID` takes none,
  // and scripts that set up and tear down a receiver against fp server rely on that. The entry
  // stays destructive for what reads the table (an agent's tool is marked so).
  confirm: false,
  async run({ opts, client }) {
    const res = await (await client()).call('webhooks.delete', { params: { id: opts.id } });
    return { done: `Removed webhook ${opts.id}.`, data: res };
  },
});
