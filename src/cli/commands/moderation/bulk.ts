import { AdaptiveConcurrency } from '../../../client/adaptive-concurrency.js';
import type { ApiClient, RetryNotice } from '../../../client/api-client.js';
import { ApiError } from '../../../client/errors.js';
import { formatMs } from '../../../client/retry-policy.js';
import type { ModerationType } from '../../../contract/schemas/moderation.js';
import { notFoundText } from '../../../client/api-words.js';
import type { Column } from '../../output/output.js';

export type ModerationAction = 'approve' | 'reject';
export type Outcome = 'approved' | 'rejected' | 'skipped' | 'failed' | 'not-tried';

/** One item of a batch, as printed by --json. */
export interface BulkResult {
  type: ModerationType;
  /** A comment id is a number, a post id its key (as in `fp moderation pending --json`). */
  id: string | number;
  outcome: Outcome;
  message: string;
}

export const DONE = { approve: 'approved', reject: 'rejected' } as const;

export const outputId = (type: ModerationType, id: string): string | number => (type === 'comment' ? Number(id) : id);

/** `message (status)` for an API error, the message alone for anything else. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) return `${err.message} (${err.status})`;
  return (err as Error)?.message ?? String(err);
}

/**
 * Re-running a batch is safe: a 422 saying the item is already in the target state
 * is a skip. Any other refusal, the other final state included, is a failure.
 */
export function classifyFailure(
  action: ModerationAction,
  err: unknown,
): { outcome: 'skipped' | 'failed'; message: string } {
  if (err instanceof ApiError && err.status === 422 && err.message.toLowerCase().includes(`already ${DONE[action]}`)) {
    return { outcome: 'skipped', message: err.message };
  }
  return { outcome: 'failed', message: errorText(err) };
}

/** A key that cannot moderate at all stops the batch: every other item would fail the same way. */
const isFatal = (err: unknown) => err instanceof ApiError && (err.status === 401 || err.status === 403);

export interface BulkRun {
  /** Every id once, in input order; ids never sent (after a fatal error or Ctrl-C) are `not-tried`. */
  results: BulkResult[];
  fatal?: unknown;
  interrupted: boolean;
  /** Attempts repeated after a 429, 503 or dropped connection, by cause (`429`, `503`, `connection`). */
  retries: Record<string, number>;
}

export interface BulkOptions {
  /** The most requests in flight at once; fewer while the service answers 429. */
  concurrency: number;
  onSettled?: (done: number, total: number) => void;
  /** Aborted on Ctrl-C: no new requests start, those in flight finish. */
  signal?: AbortSignal;
  /** Lines for people: slowing down, long waits. */
  onNotice?: (line: string) => void;
}

/** Waits at least this long are announced; shorter ones would flood stderr in a large batch. */
const ANNOUNCE_WAIT_MS = 2_000;

/**
 * Moderate every id, each once. Approve and reject may be repeated safely (the item ends
 * in the same state), so the client retries them after a dropped connection too.
 */
export async function moderateAll(
  client: ApiClient,
  action: ModerationAction,
  type: ModerationType,
  ids: readonly string[],
  opts: BulkOptions,
): Promise<BulkRun> {
  const results: Array<BulkResult | undefined> = new Array(ids.length);
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
      opts.onNotice?.(`waiting ${formatMs(notice.waitMs)} to retry ${type} ${id}: ${notice.reason}`);
  };
  const moderateOne = (identifier: string) => {
    const options = { idempotent: true, onRetry: onRetry(identifier) };
    return action === 'approve'
      ? client.call('moderation.approve', { params: { type, identifier } }, options)
      : client.call('moderation.reject', { params: { type, identifier } }, options);
  };

  const settle = async (i: number) => {
    const id = ids[i];
    try {
      const res = await moderateOne(id);
      results[i] = { type, id: outputId(type, id), outcome: DONE[action], message: res.message };
      paced(false);
    } catch (err) {
      if (isFatal(err)) fatal ??= err;
      results[i] = { type, id: outputId(type, id), ...classifyFailure(action, err) };
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
    results: ids.map((id, i) => results[i] ?? { type, id: outputId(type, id), outcome: 'not-tried', message: why }),
    fatal,
    interrupted: fatal === undefined && opts.signal?.aborted === true && next < ids.length,
    retries,
  };
}

/**
 * `Approved 3, skipped 1 (already approved), failed 1`, `, not tried 4` when a run was
 * cut short, then one line per failure and, when there were any, the retries by cause.
 */
export function summaryLines(
  action: ModerationAction,
  results: readonly BulkResult[],
  retries: Record<string, number> = {},
): string[] {
  const n = (o: Outcome) => results.filter((r) => r.outcome === o).length;
  const verb = action === 'approve' ? 'Approved' : 'Rejected';
  const notTried = n('not-tried') ? `, not tried ${n('not-tried')}` : '';
  const causes = Object.entries(retries).sort(([a], [b]) => a.localeCompare(b));
  const total = causes.reduce((sum, [, count]) => sum + count, 0);
  return [
    `${verb} ${n(DONE[action])}, skipped ${n('skipped')} (already ${DONE[action]}), failed ${n('failed')}${notTried}`,
    ...results.filter((r) => r.outcome === 'failed').map(failureLine),
    ...(total
      ? [
          `Retried ${total} request${total === 1 ? '' : 's'} (${causes.map(([cause, count]) => `${cause}: ${count}`).join(', ')})`,
        ]
      : []),
  ];
}

/**
 * A failure as the tally says it: an unknown item in fp's words (`post zzzzz not found (404)`),
 * any other reason after the item. The --json results keep the server's message as sent.
 */
function failureLine(r: BulkResult): string {
  const said = inWords(r.message);
  return said !== r.message ? `  ${said}` : `  ${r.type} ${r.id}: ${r.message}`;
}

/** A failure's message (`message (status)`) as people read it: an unknown item in fp's words. */
export function inWords(message: string): string {
  const m = /^(.*) \((\d{3})\)$/.exec(message);
  const words = m ? notFoundText(m[1]) : undefined;
  return words ? `${words} (${m![2]})` : message;
}

export const resultColumns: Column<BulkResult>[] = [
  { header: 'TYPE', value: (r) => r.type },
  { header: 'ID', value: (r) => r.id },
  { header: 'OUTCOME', value: (r) => r.outcome },
  { header: 'MESSAGE', value: (r) => r.message },
];
