import { NOT_SENT_DISABLED } from '../domain/webhooks.js';
import type { Portal } from '../store/portal.js';
import { nextDelayMs, retryAfterMs } from './retry-schedule.js';
import type { AttemptOutcome } from './send-delivery.js';

/** The portal disables a webhook after this many consecutive failed deliveries (its help pages). */
const AUTO_DISABLE_AFTER = 5;

/**
 * What an attempt's outcome does to its delivery and endpoint. A 2xx delivers and
 * clears the endpoint's failure count; a 410 disables the endpoint at once; any other
 * failure is retried on the schedule (a Retry-After on 429/503 within it), and a
 * delivery out of retries counts as one failure: the fifth in a row disables the
 * endpoint. A disabled endpoint's waiting deliveries are logged as not sent.
 */
export function recordAttempt(
  portal: Pick<Portal, 'deliveries' | 'webhooks'>,
  endpointId: number,
  eventId: string,
  outcome: AttemptOutcome,
  scheduleS: readonly number[],
  now: Date,
): void {
  // The common case in two statements, nothing read: a delivery still waiting is delivered.
  if (outcome.ok) {
    if (portal.deliveries.markDelivered(endpointId, eventId, outcome.status, now.toISOString())) {
      portal.webhooks.clearFailures(endpointId);
    }
    return;
  }
  const delivery = portal.deliveries.get(endpointId, eventId);
  const endpoint = portal.webhooks.get(endpointId);
  // Removed, disabled or resent while the attempt was under way: the log says what happened since.
  if (!delivery || !endpoint || delivery.status === 'skipped' || delivery.status === 'delivered') return;
  const attempt = delivery.attempt + 1;
  const at = now.getTime();
  const failed = { attempt, response_status: outcome.status, error: outcome.error };
  if (outcome.status === 410) {
    portal.deliveries.update(endpointId, eventId, { ...failed, status: 'failed', due_ms: null });
    disable(portal, endpointId, endpoint.consecutive_failures + 1, 'the receiver answered 410 Gone');
    return;
  }
  const honoured = outcome.status === 429 || outcome.status === 503 ? retryAfterMs(outcome.retryAfter, at) : undefined;
  const delay = nextDelayMs(scheduleS, attempt, honoured);
  if (delay !== undefined) {
    portal.deliveries.update(endpointId, eventId, { ...failed, status: 'retrying', due_ms: at + delay });
    return;
  }
  portal.deliveries.update(endpointId, eventId, { ...failed, status: 'failed', due_ms: null });
  const failures = endpoint.consecutive_failures + 1;
  if (failures >= AUTO_DISABLE_AFTER) {
    disable(portal, endpointId, failures, `${AUTO_DISABLE_AFTER} consecutive deliveries failed`);
  } else {
    portal.webhooks.update(endpointId, { consecutive_failures: failures });
  }
}

function disable(
  portal: Pick<Portal, 'deliveries' | 'webhooks'>,
  endpointId: number,
  failures: number,
  reason: string,
): void {
  portal.webhooks.update(endpointId, { enabled: false, consecutive_failures: failures, disabled_reason: reason });
  portal.deliveries.skipWaiting(endpointId, NOT_SENT_DISABLED);
}
