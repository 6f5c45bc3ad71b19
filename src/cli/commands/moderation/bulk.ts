import type { ApiClient } from '../../../client/api-client.js';
import { ApiError } from '../../../client/errors.js';
import type { ModerationType } from '../../../contract/schemas/moderation.js';
import type { Column } from '../../output/output.js';

export type ModerationAction = 'approve' | 'reject';
export type Outcome = 'approved' | 'rejected' | 'skipped' | 'failed';

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
export function classifyFailure(action: ModerationAction, err: unknown): { outcome: 'skipped' | 'failed'; message: string } {
  if (err instanceof ApiError && err.status === 422 && err.message.toLowerCase().includes(`already ${DONE[action]}`)) {
    return { outcome: 'skipped', message: err.message };
  }
  return { outcome: 'failed', message: errorText(err) };
}

/** A key that cannot moderate at all stops the batch: every other item would fail the same way. */
const isFatal = (err: unknown) => err instanceof ApiError && (err.status === 401 || err.status === 403);

export interface BulkRun {
  /** In input order; items never tried (after a fatal error) are left out. */
  results: BulkResult[];
  fatal?: unknown;
}

/** Moderate every id with at most `concurrency` requests in flight. */
export async function moderateAll(
  client: ApiClient,
  action: ModerationAction,
  type: ModerationType,
  ids: readonly string[],
  opts: { concurrency: number; onSettled?: (done: number, total: number) => void },
): Promise<BulkRun> {
  const results: Array<BulkResult | undefined> = new Array(ids.length);
  let next = 0;
  let done = 0;
  let fatal: unknown;
  const moderateOne = (identifier: string) =>
    action === 'approve'
      ? client.call('moderation.approve', { params: { type, identifier } })
      : client.call('moderation.reject', { params: { type, identifier } });

  const worker = async () => {
    while (fatal === undefined && next < ids.length) {
      const i = next++;
      const id = ids[i];
      try {
        const res = await moderateOne(id);
        results[i] = { type, id: outputId(type, id), outcome: DONE[action], message: res.message };
      } catch (err) {
        if (isFatal(err)) {
          fatal ??= err;
          return;
        }
        results[i] = { type, id: outputId(type, id), ...classifyFailure(action, err) };
      }
      opts.onSettled?.(++done, ids.length);
    }
  };
  const workers = Math.max(1, Math.min(opts.concurrency, ids.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return { results: results.filter((r): r is BulkResult => r !== undefined), fatal };
}

/** `Approved 3, skipped 1 (already approved), failed 1`, then one line per failure. */
export function summaryLines(action: ModerationAction, results: readonly BulkResult[]): string[] {
  const n = (o: Outcome) => results.filter((r) => r.outcome === o).length;
  const verb = action === 'approve' ? 'Approved' : 'Rejected';
  return [
    `${verb} ${n(DONE[action])}, skipped ${n('skipped')} (already ${DONE[action]}), failed ${n('failed')}`,
    ...results.filter((r) => r.outcome === 'failed').map((r) => `  ${r.type} ${r.id}: ${r.message}`),
  ];
}

export const resultColumns: Column<BulkResult>[] = [
  { header: 'TYPE', value: (r) => r.type },
  { header: 'ID', value: (r) => r.id },
  { header: 'OUTCOME', value: (r) => r.outcome },
  { header: 'MESSAGE', value: (r) => r.message },
];
