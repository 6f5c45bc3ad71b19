import {
  MAX_WEBHOOKS,
  TOO_MANY_WEBHOOKS,
  type WebhookCreateBody,
  type WebhookUpdateBody,
} from '../../contract/schemas/webhook.js';
import { generateSecret } from '../../contract/webhook-signature.js';
import type { DeliveryRecord } from '../store/repositories/webhook-deliveries.js';
import type { WebhookEndpointRecord } from '../store/repositories/webhook-endpoints.js';
import type { Portal } from '../store/portal.js';
import { NotFoundError, RuleViolation, ValidationError } from './errors.js';

/** Why a disabled endpoint's deliveries were not sent. */
export const NOT_SENT_DISABLED = 'not sent: the webhook was disabled';

/**
 * The portal's webhook endpoints (the reference server's `/__reference/webhooks`):
 * at most ten, each with an event filter and its own secret. Whether a URL may
 * receive deliveries is judged before (it needs name resolution), by the caller.
 */

export function findWebhook(portal: Portal, rawId: string | number): WebhookEndpointRecord {
  const id = typeof rawId === 'number' ? rawId : /^\d+$/.test(rawId) ? Number(rawId) : NaN;
  const endpoint = Number.isSafeInteger(id) ? portal.webhooks.get(id) : undefined;
  if (!endpoint) throw new NotFoundError(`Webhook ${rawId} not found.`);
  return endpoint;
}

/** Each event once, in the order of first mention. */
const distinct = (events: readonly string[] | null | undefined): string[] => [...new Set(events ?? [])];

export function createWebhook(portal: Portal, input: WebhookCreateBody, now: Date): WebhookEndpointRecord {
  if (portal.webhooks.count() >= MAX_WEBHOOKS) throw ValidationError.field('url', TOO_MANY_WEBHOOKS);
  const record: Omit<WebhookEndpointRecord, 'id'> = {
    url: input.url,
    events: distinct(input.events),
    secret: input.secret ?? generateSecret(),
    enabled: true,
    consecutive_failures: 0,
    disabled_reason: null,
    created_at: now.toISOString(),
  };
  return { id: portal.webhooks.insert(record), ...record };
}

/** Enabling a disabled endpoint starts the failure count again; what it missed stays in its log, to resend. */
export function updateWebhook(portal: Portal, rawId: string, input: WebhookUpdateBody): WebhookEndpointRecord {
  const endpoint = findWebhook(portal, rawId);
  const patch: Partial<WebhookEndpointRecord> = {};
  if (input.url !== undefined) patch.url = input.url;
  if (input.events !== undefined) patch.events = distinct(input.events);
  if (input.enabled === true && !endpoint.enabled) {
    Object.assign(patch, { enabled: true, consecutive_failures: 0, disabled_reason: null });
  } else if (input.enabled === false && endpoint.enabled) {
    Object.assign(patch, { enabled: false, disabled_reason: 'disabled by request' });
    portal.deliveries.skipWaiting(endpoint.id, NOT_SENT_DISABLED);
  }
  portal.webhooks.update(endpoint.id, patch);
  return { ...endpoint, ...patch };
}

export function deleteWebhook(portal: Portal, rawId: string): void {
  portal.webhooks.delete(findWebhook(portal, rawId).id);
}

/** Sends the event to the endpoint again (same id, same body), ahead of what waits behind it. */
export function resendDelivery(portal: Portal, rawId: string, eventId: string, now: Date): DeliveryRecord {
  const endpoint = findWebhook(portal, rawId);
  const delivery = portal.deliveries.get(endpoint.id, eventId);
  if (!delivery) throw new NotFoundError(`Webhook ${endpoint.id} has no delivery of event ${eventId}.`);
  if (!endpoint.enabled) throw new RuleViolation(`Webhook ${endpoint.id} is disabled: enable it before resending.`);
  if (portal.eventLog.envelopeText(eventId) === undefined) {
    throw new RuleViolation(`Event ${eventId} is no longer in the events log (the portal was reset).`);
  }
  const patch = { status: 'pending', due_ms: now.getTime(), error: null } as const;
  portal.deliveries.update(endpoint.id, eventId, patch);
  return { ...delivery, ...patch };
}
