import type { Agent } from 'undici';
import { recordAttempt } from '../domain/webhook-attempts.js';
import { createLinkAgent } from '../kb/link-health/check-url.js';
import type { EgressPolicy } from '../kb/link-health/egress-guard.js';
import type { DeliveryRecord } from '../store/repositories/webhook-deliveries.js';
import type { WebhookEndpointRecord } from '../store/repositories/webhook-endpoints.js';
import type { Portal } from '../store/portal.js';
import type { Store } from '../store/store.js';
import { DEFAULT_RETRY_SCHEDULE_S } from './retry-schedule.js';
import { DELIVERY_TIMEOUT_MS, sendDelivery, type AttemptOutcome } from './send-delivery.js';

export interface DeliveryWorkerOptions {
  store: Store;
  egress: EgressPolicy;
  /** Retry delays in seconds (`--webhook-retry-schedule`). */
  retryScheduleS?: readonly number[];
  timeoutMs?: number;
  now?: () => Date;
  logError?: (err: unknown) => void;
  /** While requests write, an endpoint's deliveries start at most this often (ms); see D-WEBHOOK-PACE. */
  busyPaceMs?: number;
}

/** Requests come first: while they write, each endpoint gets at most ten deliveries a second. */
export const BUSY_PACE_MS = 100;

const GONE = 'not sent: the event is no longer in the events log (the portal was reset)';

/**
 * Sends the queued deliveries, apart from the requests that caused them: it looks at
 * the queue after each commit and when a retry falls due, sends each endpoint's
 * oldest waiting delivery (one at a time per endpoint, so each receives its events
 * in order) and records the outcome in a write that shares the next request's commit.
 * A slow or dead receiver holds only its own queue; while requests write, deliveries
 * are paced so that sending them does not slow the requests (D-WEBHOOK-PACE). The queue is in the database: after a restart the worker
 * carries on where it stood (a delivery under way at the stop is sent again, same id).
 */
export class DeliveryWorker {
  private readonly inFlight = new Set<number>();
  private readonly dispatcher: Agent;
  private readonly schedule: readonly number[];
  private readonly now: () => Date;
  private readonly unsubscribe: () => void;
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Infinity;
  private queued = false;
  private closed = false;
  private readonly pace: number;
  /** Requests wrote until about then (epoch ms): until it passes, deliveries are paced. */
  private busyUntil = 0;
  private readonly lastStart = new Map<number, number>();

  constructor(private readonly opts: DeliveryWorkerOptions) {
    this.schedule = opts.retryScheduleS ?? DEFAULT_RETRY_SCHEDULE_S;
    this.now = opts.now ?? (() => new Date());
    this.dispatcher = createLinkAgent(opts.timeoutMs ?? DELIVERY_TIMEOUT_MS, opts.egress);
    this.pace = opts.busyPaceMs ?? BUSY_PACE_MS;
    this.unsubscribe = opts.store.onCommit(({ lazyOnly }) => {
      if (!lazyOnly) this.busyUntil = this.now().getTime() + this.pace;
      this.poke();
    });
    this.poke();
  }

  /** Looks at the queue soon (once however often it is asked within a turn). */
  poke(): void {
    if (this.closed || this.queued) return;
    this.queued = true;
    setImmediate(() => {
      this.queued = false;
      this.scan();
    });
  }

  private scan(): void {
    if (this.closed) return;
    try {
      const nowMs = this.now().getTime();
      let earliest = Infinity;
      for (const portal of this.opts.store.portals) {
        for (const endpoint of portal.webhooks.list()) {
          if (!endpoint.enabled || this.inFlight.has(endpoint.id)) continue;
          const head = portal.deliveries.head(endpoint.id);
          if (head === undefined) continue;
          const due = Math.max(head.due_ms ?? nowMs, this.pacedUntil(endpoint.id, nowMs));
          if (due <= nowMs) this.start(portal, endpoint, head);
          else earliest = Math.min(earliest, due);
        }
      }
      this.arm(earliest);
    } catch (err) {
      this.report(err);
    }
  }

  /**
   * While requests are writing, an endpoint's next delivery waits for the pace since its
   * last one started: the work of sending takes the time of the requests' own, so it is
   * spread out then, and a backlog drains at full speed once they pause.
   */
  private pacedUntil(endpointId: number, nowMs: number): number {
    if (nowMs >= this.busyUntil) return 0;
    return (this.lastStart.get(endpointId) ?? 0) + this.pace;
  }

  /** A timer for the earliest delivery that is not due yet. */
  private arm(at: number): void {
    if (at >= this.timerAt && this.timer) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = at;
    if (at === Infinity) return;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.timerAt = Infinity;
        this.poke();
      },
      Math.max(0, at - this.now().getTime()),
    );
    this.timer.unref();
  }

  private start(portal: Portal, endpoint: WebhookEndpointRecord, delivery: DeliveryRecord): void {
    const { store } = this.opts;
    const body = portal.eventLog.envelopeText(delivery.event_id);
    if (body === undefined) {
      store.transaction(() =>
        portal.deliveries.update(endpoint.id, delivery.event_id, { status: 'skipped', due_ms: null, error: GONE }),
      );
      return;
    }
    this.inFlight.add(endpoint.id);
    this.lastStart.set(endpoint.id, this.now().getTime());
    const attempt = sendDelivery({
      url: endpoint.url,
      secret: endpoint.secret,
      eventId: delivery.event_id,
      attempt: delivery.attempt + 1,
      body,
      dispatcher: this.dispatcher,
      egress: this.opts.egress,
      timeoutMs: this.opts.timeoutMs,
    })
      .then((outcome) => this.record(portal, endpoint.id, delivery.event_id, outcome))
      .catch((err: unknown) => this.report(err))
      .finally(() => {
        this.inFlight.delete(endpoint.id);
        this.running.delete(attempt);
        this.poke();
      });
    this.running.add(attempt);
  }

  /**
   * The outcome is written at once (the endpoint's next delivery is picked after it), but
   * its commit waits for the next one of the store, a request's usually, so deliveries add
   * no commits of their own under load. A crash before that commit sends the delivery again,
   * same id, before the later ones.
   */
  private record(portal: Portal, endpointId: number, eventId: string, outcome: AttemptOutcome): void {
    if (this.closed) return;
    const at = this.now();
    this.opts.store.lazyTransaction(() => recordAttempt(portal, endpointId, eventId, outcome, this.schedule, at));
  }

  private report(err: unknown): void {
    (this.opts.logError ?? ((e) => console.error(e)))(err);
  }

  /** Stops sending; deliveries under way are dropped and, being still queued, sent again after a restart. */
  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe();
    clearTimeout(this.timer);
    await this.dispatcher.destroy().catch(() => undefined);
    await Promise.allSettled([...this.running]);
  }
}
