import type { Delivery, Webhook } from '../../../contract/schemas/webhook.js';
import type { Column } from '../../output/output.js';

export const webhookColumns: Column<Webhook>[] = [
  { header: 'ID', value: (w) => w.id },
  { header: 'URL', value: (w) => w.url },
  { header: 'EVENTS', field: 'events', value: (w) => (w.events.length ? w.events.join(',') : 'all') },
  { header: 'ENABLED', field: 'enabled', value: (w) => (w.enabled ? 'yes' : `no (${w.disabled_reason ?? ''})`) },
  { header: 'FAILURES', field: 'consecutive_failures', value: (w) => w.consecutive_failures },
  { header: 'CREATED', field: 'created_at', value: (w) => w.created_at, date: true },
];

export const deliveryColumns: Column<Delivery>[] = [
  { header: 'EVENT ID', field: 'event_id', value: (d) => d.event_id },
  { header: 'EVENT', value: (d) => d.event },
  { header: 'STATUS', value: (d) => d.status },
  { header: 'ATTEMPT', value: (d) => d.attempt },
  { header: 'ANSWER', field: 'response_status', value: (d) => d.response_status ?? '' },
  { header: 'ERROR', value: (d) => d.error ?? '' },
  { header: 'NEXT ATTEMPT', field: 'next_attempt_at', value: (d) => d.next_attempt_at, date: true },
  { header: 'DELIVERED', field: 'delivered_at', value: (d) => d.delivered_at, date: true },
];
