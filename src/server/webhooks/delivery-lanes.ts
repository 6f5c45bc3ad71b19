import { BACKLOG_LIMIT, trimBacklog } from '../domain/webhook-backlog.js';
import { recordAttempt } from './record-attempt.js';
import type { Portal } from '../store/portal.js';
import type { DeliveryRecord } from '../store/repositories/webhook-deliveries.js';
import type { WebhookEndpointRecord } from '../store/repositories/webhook-endpoints.js';
import { DEFAULT_RETRY_SCHEDULE_S } from './retry-schedule.js';
import type { AttemptOutcome } from './send-delivery.js';

/** What the lanes read and write of a portal. */
export interface QueuePortal {
  readonly id: number;
  readonly webhooks: Portal['webhooks'];
  readonly deliveries: Portal['deliveries'];
  readonly eventLog: Pick<Portal['eventLog'], 'envelopeText'>;
}

/** The database as the lanes use it: on the server's own connection, or on one of their own. */
export interface QueueStore {
  portals(): readonly QueuePortal[];
  /**
   * Runs `change` as one unit of writes. Its commit may wait to be shared with others; `done`
   * runs once the change is committed or given up (the delivery is then sent again later).
   * `soon`: what comes next depends on it, commit without waiting.
   */
  write(change: () => void, opts: { soon: boolean; done: () => void }): void;
}

/** One POST of a delivery (the sending itself, wherever it runs). */
export interface SendRequest {
  url: string;
  secret: string;
  eventId: string;
  attempt: number;
  body: string;
}

export type Send = (request: SendRequest) => Promise<AttemptOutcome>;

export interface DeliveryLanesOptions {
  queue: QueueStore;
  send: Send;
  /** Retry delays in seconds (`--webhook-retry-schedule`). */
  retryScheduleS?: readonly number[];
  /** Deliveries that may wait for one endpoint (D-WEBHOOK-BACKLOG). */
  backlogLimit?: number;
  now?: () => Date;
  logError?: (err: unknown) => void;
}

/** The whole queue is looked at at most this often. */
const SCAN_MS = 5;

/** A growing queue's bound is checked at most this often per endpoint. */
const BACKLOG_CHECK_MS = 100;

const GONE = 'not sent: the event is no longer in the events log (the portal was reset)';

interface Lane {
  portal: QueuePortal;
  /** As last read (each full look at the queue reads the endpoints again). */
  endpoint: WebhookEndpointRecord;
  sending: boolean;
  /** Deliveries whose outcome is written but not committed yet, by event id: the next is looked for after them. */
  settling: Map<string, number>;
  /** Failures written and not committed yet: the next delivery waits for their retry time or the endpoint's state. */
  holding: number;
  /** Deliveries may have joined the queue since its bound was checked. */
  grown: boolean;
  checkedAt: number;
}

/**
 * Sends the queued deliveries, one lane per endpoint: each endpoint has at most one delivery
 * under way, its oldest waiting one, so it receives its events in order, and a slow or dead
 * endpoint holds only its own lane (D-WEBHOOK-ORDER, D-WEBHOOK-WORKER). Outcomes are written as
 * they come, committed in groups; a delivery whose outcome was not committed when the process
 * stopped is sent again, same id, after a restart. The queue is in the database: the lanes carry
 * on where it stands.
 */
export class DeliveryLanes {
  private readonly lanes = new Map<number, Lane>();
  private readonly schedule: readonly number[];
  private readonly limit: number;
  private readonly now: () => Date;
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Infinity;
  private queued = false;
  private scannedAt = -Infinity;
  private grown = false;
  private closed = false;

  constructor(private readonly opts: DeliveryLanesOptions) {
    this.schedule = opts.retryScheduleS ?? DEFAULT_RETRY_SCHEDULE_S;
    this.limit = opts.backlogLimit ?? BACKLOG_LIMIT;
    this.now = opts.now ?? (() => new Date());
  }

  /** New deliveries may be waiting (a commit of the server's): look at the queue soon. */
  wake(): void {
    this.grown = true;
    this.poke();
  }

  /**
   * Looks at the whole queue soon: once however often it is asked meanwhile, and at most every
   * SCAN_MS (under load the server commits far more often; a lane that is sending goes on by
   * itself).
   */
  poke(): void {
    if (this.closed || this.queued) return;
    this.queued = true;
    const run = () => {
      this.queued = false;
      this.scannedAt = Date.now();
      this.scan();
    };
    const wait = this.scannedAt + SCAN_MS - Date.now();
    if (wait > 0) setTimeout(run, wait).unref();
    else setImmediate(run);
  }

  /** Every endpoint read again, and each idle lane started on its next delivery. */
  private scan(): void {
    if (this.closed) return;
    try {
      const nowMs = this.now().getTime();
      const grown = this.grown;
      this.grown = false;
      let earliest = Infinity;
      const seen = new Set<number>();
      for (const portal of this.opts.queue.portals()) {
        for (const endpoint of portal.webhooks.list()) {
          seen.add(endpoint.id);
          const lane = this.lane(portal, endpoint);
          if (!endpoint.enabled) continue;
          if (grown) lane.grown = true;
          if (lane.grown) earliest = Math.min(earliest, this.bound(lane, nowMs));
          earliest = Math.min(earliest, this.advance(lane, nowMs));
        }
      }
      for (const [id, lane] of this.lanes) if (!seen.has(id) && !lane.sending) this.lanes.delete(id);
      this.arm(earliest);
    } catch (err) {
      this.report(err);
    }
  }

  private lane(portal: QueuePortal, endpoint: WebhookEndpointRecord): Lane {
    let lane = this.lanes.get(endpoint.id);
    if (lane === undefined) {
      lane = {
        portal,
        endpoint,
        sending: false,
        settling: new Map(),
        holding: 0,
        grown: true,
        checkedAt: -Infinity,
      };
      this.lanes.set(endpoint.id, lane);
    }
    lane.portal = portal;
    lane.endpoint = endpoint;
    return lane;
  }

  /** Starts the lane's next delivery when it is idle and one is due; when the next one falls due otherwise. */
  private advance(lane: Lane, nowMs: number): number {
    if (this.closed || lane.sending || lane.holding > 0 || !lane.endpoint.enabled) return Infinity;
    const afterRow = lane.settling.size === 0 ? 0 : Math.max(...lane.settling.values());
    const next = lane.portal.deliveries.nextWaiting(lane.endpoint.id, afterRow);
    if (next === undefined) return Infinity;
    if (next.due_ms !== null && next.due_ms > nowMs) return next.due_ms;
    this.start(lane, next);
    return Infinity;
  }

  /** The lane goes on with its next delivery soon, without a look at the whole queue. */
  private continue(lane: Lane): void {
    setImmediate(() => {
      try {
        this.arm(this.advance(lane, this.now().getTime()));
      } catch (err) {
        this.report(err);
      }
    });
  }

  /**
   * Keeps a growing queue within its bound (checked at most every BACKLOG_CHECK_MS); the time
   * of the next check when this one has to wait, Infinity otherwise.
   */
  private bound(lane: Lane, nowMs: number): number {
    if (nowMs < lane.checkedAt + BACKLOG_CHECK_MS) return lane.checkedAt + BACKLOG_CHECK_MS;
    lane.grown = false;
    lane.checkedAt = nowMs;
    const { portal, endpoint } = lane;
    this.opts.queue.write(() => void trimBacklog(portal, endpoint.id, this.limit), { soon: false, done: () => {} });
    return Infinity;
  }

  /** A timer for the earliest delivery (or check) that is not due yet. */
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
    // Whoever runs the lanes keeps the process (or thread) alive, not a retry far ahead.
    this.timer.unref();
  }

  private start(lane: Lane, delivery: DeliveryRecord): void {
    const { portal, endpoint } = lane;
    const body = portal.eventLog.envelopeText(delivery.event_id);
    if (body === undefined) {
      this.settle(lane, delivery, true, () =>
        portal.deliveries.update(endpoint.id, delivery.event_id, { status: 'skipped', due_ms: null, error: GONE }),
      );
      this.continue(lane);
      return;
    }
    lane.sending = true;
    const attempt = this.opts
      .send({
        url: endpoint.url,
        secret: endpoint.secret,
        eventId: delivery.event_id,
        attempt: delivery.attempt + 1,
        body,
      })
      .catch((err: unknown): AttemptOutcome => ({ ok: false, status: null, error: (err as Error).message }))
      .then((outcome) => {
        if (this.closed) return;
        const at = this.now();
        this.settle(lane, delivery, outcome.ok, () =>
          recordAttempt(portal, endpoint.id, delivery.event_id, outcome, this.schedule, at),
        );
      })
      .catch((err: unknown) => this.report(err))
      .finally(() => {
        lane.sending = false;
        this.running.delete(attempt);
        this.continue(lane);
      });
    this.running.add(attempt);
  }

  /**
   * Writes what became of a delivery. A success lets the lane go on to the next delivery at
   * once (the next is looked for after this one until its outcome is committed); a failure
   * holds the lane until it is committed, as it sets the retry time or disables the endpoint.
   */
  private settle(lane: Lane, delivery: DeliveryRecord, moveOn: boolean, change: () => void): void {
    lane.settling.set(delivery.event_id, delivery.row);
    if (!moveOn) lane.holding++;
    this.opts.queue.write(change, {
      soon: !moveOn,
      done: () => {
        lane.settling.delete(delivery.event_id);
        if (!moveOn) lane.holding--;
        // A delivery resent meanwhile sits before the ones just settled: it is found now.
        if (!moveOn || lane.settling.size === 0) this.continue(lane);
      },
    });
  }

  private report(err: unknown): void {
    (this.opts.logError ?? ((e) => console.error(e)))(err);
  }

  /**
   * Stops sending at once; resolves when the attempts under way have ended (whoever sends ends
   * them: their outcome is not written, so they are sent again after a restart).
   */
  close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    return Promise.allSettled([...this.running]).then(() => undefined);
  }
}
