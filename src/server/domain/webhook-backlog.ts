import type { Portal } from '../store/portal.js';

/**
 * How many deliveries may wait for one endpoint (D-WEBHOOK-BACKLOG). An endpoint that
 * does not keep up (down, slow, answering with retries) holds its queue; past this many,
 * the newest are logged as not sent, each with the reason, and can be resent later.
 */
export const BACKLOG_LIMIT = 1000;

const notSentBacklog = (limit: number): string => `not sent: ${limit} deliveries were already waiting for this webhook`;

/** The deliveries an endpoint holds past the bound are given up as not sent; how many. */
export function trimBacklog(
  portal: Pick<Portal, 'deliveries'>,
  endpointId: number,
  limit: number = BACKLOG_LIMIT,
): number {
  if (portal.deliveries.countWaiting(endpointId, limit + 1) <= limit) return 0;
  return portal.deliveries.skipWaitingBeyond(endpointId, limit, notSentBacklog(limit));
}

export interface Backlog {
  /** Deliveries waiting to be sent or retried. */
  waiting: number;
  /** When the event of the oldest waiting delivery happened; null when none waits. */
  oldest_event_at: string | null;
  /** How long ago that was, in seconds (0 when none waits): how far behind the endpoint's deliveries are. */
  lag_seconds: number;
}

/** What waits for an endpoint, and how far behind it is. */
export function backlogOf(portal: Pick<Portal, 'deliveries' | 'eventLog'>, endpointId: number, now: Date): Backlog {
  const head = portal.deliveries.head(endpointId);
  if (head === undefined) return { waiting: 0, oldest_event_at: null, lag_seconds: 0 };
  const since = portal.eventLog.occurredAt(head.event_id) ?? null;
  const lagMs = since === null ? 0 : Math.max(0, now.getTime() - Date.parse(since));
  return {
    waiting: portal.deliveries.countWaiting(endpointId),
    oldest_event_at: since,
    lag_seconds: Math.round(lagMs / 100) / 10,
  };
}
