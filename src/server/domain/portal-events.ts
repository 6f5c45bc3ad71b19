import { randomBytes } from 'node:crypto';
import type { Envelope, WebhookEventName } from '../../contract/schemas/webhook.js';
import { portalOf } from '../present/event-data.js';
import type { Portal } from '../store/portal.js';
import { NOT_SENT_DISABLED } from './webhooks.js';

/**
 * The portal's events (post.created, comment.deleted, …): each change behind one
 * emits one, in the transaction of the change. The envelope goes to the events log
 * and one delivery per endpoint whose filter takes it joins the queue; a disabled
 * endpoint gets its delivery logged as not sent, so it can be resent later.
 */

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `evt_` and 16 random letters and digits (the portal's ids are 16 alphanumerics). */
export function newEventId(): string {
  const bytes = randomBytes(16);
  let id = 'evt_';
  // 62 does not divide 256: the first 248 values map evenly, the rest are drawn again.
  for (let i = 0; id.length < 20; i++) {
    const b = i < bytes.length ? bytes[i] : randomBytes(1)[0];
    if (b < 248) id += ALPHANUMERIC[b % 62];
  }
  return id;
}

/** ISO 8601 UTC to the second, as the portal writes `creation_time` (`2022-06-01T18:17:37Z`). */
const isoSeconds = (at: Date): string => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

export function emitPortalEvent(
  portal: Portal,
  event: WebhookEventName,
  data: Record<string, unknown>,
  now: Date,
): Envelope {
  const envelope: Envelope = {
    id: newEventId(),
    creation_time: isoSeconds(now),
    event,
    data: { ...data, portal: portalOf(portal) },
  };
  portal.eventLog.append({ type: event, occurred_at: now.toISOString(), payload: envelope });
  portal.deliveries.enqueue(envelope.id, event, now.getTime(), NOT_SENT_DISABLED);
  return envelope;
}
