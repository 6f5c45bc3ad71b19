import type { Delivery, EventLogEntry, Webhook } from '../../contract/schemas/webhook.js';
import type { LoggedEvent } from '../store/repositories/event-log.js';
import type { DeliveryRecord } from '../store/repositories/webhook-deliveries.js';
import type { WebhookEndpointRecord } from '../store/repositories/webhook-endpoints.js';

/** An endpoint as listed: never its secret (shown once, when it is created). */
export function presentWebhook(e: WebhookEndpointRecord): Webhook {
  return {
    id: e.id,
    url: e.url,
    events: e.events,
    enabled: e.enabled,
    consecutive_failures: e.consecutive_failures,
    disabled_reason: e.disabled_reason,
    created_at: e.created_at,
  };
}

export function presentDelivery(d: DeliveryRecord): Delivery {
  const waiting = d.status === 'pending' || d.status === 'retrying';
  return {
    event_id: d.event_id,
    event: d.event,
    attempt: d.attempt,
    status: d.status,
    response_status: d.response_status,
    error: d.error,
    next_attempt_at: waiting && d.due_ms !== null ? new Date(d.due_ms).toISOString() : null,
    delivered_at: d.delivered_at,
  };
}

/**
 * `GET /__reference/events`: every entry as `{type, occurred_at, payload}`; the
 * portal's events add their `id` (the payload is their envelope). `next` is the
 * position to ask `?after=` for what comes later.
 */
export function presentEventLog(entries: LoggedEvent[], after: number): { data: EventLogEntry[]; next: number } {
  return {
    data: entries.map(({ type, occurred_at, payload, event_id }) => ({
      type,
      occurred_at,
      payload,
      ...(event_id !== null && { id: event_id }),
    })),
    next: entries.length > 0 ? entries[entries.length - 1].position : after,
  };
}
