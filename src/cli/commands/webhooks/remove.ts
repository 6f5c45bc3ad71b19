import { defineCommand } from '../../framework/define-command.js';
import { parsePositiveInteger } from '../../parse.js';
import { referenceCall } from './reference-api.js';

export default defineCommand<{ id: number }>({
  name: 'remove',
  description: 'Remove a webhook endpoint and its delivery log (reference server)',
  args: [{ name: 'id', description: 'webhook id (fp webhooks list)', parse: parsePositiveInteger }],
  examples: ['fp webhooks remove 1'],
  async run({ opts, client }) {
    const res = await referenceCall(await client(), 'webhooks.delete', { params: { id: opts.id } });
    return { done: `Removed webhook ${opts.id}.`, data: res };
  },
});
