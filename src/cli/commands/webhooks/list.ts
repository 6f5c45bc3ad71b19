import { defineCommand } from '../../framework/define-command.js';
import { webhookColumns } from './columns.js';
import { referenceCall } from './reference-api.js';

export default defineCommand({
  name: 'list',
  description: "List the portal's webhook endpoints (reference server)",
  columns: webhookColumns,
  examples: ['fp webhooks list', 'fp webhooks list --json'],
  async run({ client }) {
    const { data } = await referenceCall(await client(), 'webhooks.list');
    return { list: data, empty: 'No webhooks. Add one with fp webhooks add URL, or run fp webhooks listen.' };
  },
});
