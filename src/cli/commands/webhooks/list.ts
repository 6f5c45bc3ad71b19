import { defineCommand } from '../../framework/define-command.js';
import { webhookColumns } from './columns.js';

export default defineCommand({
  name: 'list',
  endpoint: 'webhooks.list',
  description: "List the portal's webhook endpoints (reference server)",
  columns: webhookColumns,
  examples: ['fp webhooks list', 'fp webhooks list --json'],
  empty: 'No webhooks. Add one with fp webhooks add URL, or run fp webhooks listen.',
});
