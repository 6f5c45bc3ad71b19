import { AdaptiveConcurrency } from '../../client/adaptive-concurrency.js';
import type { RetryNotice } from '../../client/api-client.js';
import { ApiError } from '../../client/errors.js';
import { formatMs } from '../../client/retry-policy.js';

/** What one request of an item is given: count and announce its retries, slow down on 429. */
interface ItemRequest {
  onRetry: (notice: RetryNotice) => void;
}

export interface BatchSpec<R> {
  /** One item's work, each item once; a throw is handed to `failed`. */
  perform(id: string, request: ItemRequest): Promise<R>;
  failed(id: string, err: unknown): R;
  notTried(id: string, why: string): R;
  /** `post abc12`, for the notices of long waits. */
  label(id: string): string;
}

export interface BatchOptions {
  /** The most requests in flight at once; fewer while the service answers 429. */
  concurrency: number;
  onSettled?: (done: number, total: number) => void;
  /** Aborted on Ctrl-C: no new items start, those in flight finish. */
  signal?: AbortSignal;
  /** Lines for people: slowing down, long waits. */
  onNotice?: (line: string) => void;
}

export interface BatchRun<R> {
  /** Every id once, in input order; ids never started (after a fatal error or Ctrl-C) are the spec's `notTried`. */
  results: R[];
  fatal?: unknown;
  interrupted: boolean;
  /** Attempts repeated after a 429, 503 or dropped connection, by cause (`429`, `503`, `connection`). */
  retries: Record<string, number>;
}

/** A key that cannot do the work at all stops the batch: every other item would fail the same way. */
const isFatal = (err: unknown) => err instanceof ApiError && (err.status === 401 || err.status === 403);

/** Waits at least this long are announced; shorter ones would flood stderr in a large batch. */
const ANNOUNCE_WAIT_MS = 2_000;

/**
 * Every id through `perform`, each once, at most `concurrency` at a time: the limit halves
 * while the service answers 429 and grows back after. Ctrl-C or a refused key stops new items;
 * those in flight finish, so the results are true.
 */
export async function runBatch<R>(
  ids: readonly string[],
  spec: BatchSpec<R>,
  opts: BatchOptions,
): Promise<BatchRun<R>> {
  const results: Array<R | undefined> = new Array(ids.length);
  const retries: Record<string, number> = {};
  const pace = new AdaptiveConcurrency(Math.max(1, opts.concurrency));
  let next = 0;
  let inFlight = 0;
  let done = 0;
  let fatal: unknown;
  const stopped = () => fatal !== undefined || opts.signal?.aborted === true;

  const paced = (limited: boolean) => {
    const limit = pace.record(limited);
    if (limit !== undefined && limited)
      opts.onNotice?.(`rate limited (429): now ${limit} request${limit === 1 ? '' : 's'} at a time`);
  };
  const onRetry = (id: string) => (notice: RetryNotice) => {
    const cause = notice.status ? String(notice.status) : 'connection';
    retries[cause] = (retries[cause] ?? 0) + 1;
    if (notice.status === 429) paced(true);
    if (notice.waitMs >= ANNOUNCE_WAIT_MS)
      opts.onNotice?.(`waiting ${formatMs(notice.waitMs)} to retry ${spec.label(id)}: ${notice.reason}`);
  };

  const settle = async (i: number) => {
    const id = ids[i];
    try {
      results[i] = await spec.perform(id, { onRetry: onRetry(id) });
      paced(false);
    } catch (err) {
      if (isFatal(err)) fatal ??= err;
      results[i] = spec.failed(id, err);
      paced(err instanceof ApiError && err.status === 429);
    }
    opts.onSettled?.(++done, ids.length);
  };

  await new Promise<void>((resolve) => {
    const pump = () => {
      while (!stopped() && next < ids.length && inFlight < pace.limit) {
        const i = next++;
        inFlight++;
        void settle(i).finally(() => {
          inFlight--;
          pump();
        });
      }
      if (inFlight === 0 && (stopped() || next >= ids.length)) resolve();
    };
    opts.signal?.addEventListener('abort', pump, { once: true });
    pump();
  });

  const why = fatal !== undefined ? 'not tried: the key was refused' : 'not tried: interrupted';
  return {
    results: ids.map((id, i) => results[i] ?? spec.notTried(id, why)),
    fatal,
    interrupted: fatal === undefined && opts.signal?.aborted === true && next < ids.length,
    retries,
  };
}

/** `Retried 12 requests (429: 5, 503: 7)`, or nothing when no request was repeated. */
export function retriesLines(retries: Record<string, number>): string[] {
  const causes = Object.entries(retries).sort(([a], [b]) => a.localeCompare(b));
  const total = causes.reduce((sum, [, count]) => sum + count, 0);
  if (!total) return [];
  return [
    `Retried ${total} request${total === 1 ? '' : 's'} (${causes.map(([cause, count]) => `${cause}: ${count}`).join(', ')})`,
  ];
}
