import { listOf } from '../../../contract/schemas/common.js';
import { webhookSchemas } from '../../../contract/schemas/webhook.js';
import { defineCommand } from '../../framework/define-command.js';
import { parsePositiveInteger } from '../../parse.js';
import { deliveryColumns } from './columns.js';
import { referenceCall } from './reference-api.js';

export default defineCommand<{ id: number }>({
  name: 'deliveries',
  description: "A webhook's delivery log, newest first (reference server)",
  args: [{ name: 'id', description: 'webhook id (fp webhooks list)', parse: parsePositiveInteger }],
  columns: deliveryColumns,
  examples: ['fp webhooks deliveries 1', 'fp webhooks deliveries 1 --json'],
  async run({ opts, client }) {
    const { data } = await referenceCall(
      await client(),
      'GET',
      `/__reference/webhooks/${opts.id}/deliveries`,
      listOf(webhookSchemas().DeliverySchema),
    );
    return { list: data, empty: `No deliveries to webhook ${opts.id} yet.` };
  },
});
