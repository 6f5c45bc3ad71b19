import type { ApiClient } from '../../../client/api-client.js';
import { ApiError } from '../../../client/errors.js';
import type { ModerationType } from '../../../contract/schemas/moderation.js';
import { errorText, inWords } from '../../bulk/item-error.js';
import type { Column } from '../../output/output.js';
import { retriesLines, type BatchSpec } from '../../bulk/run-batch.js';

export type ModerationAction = 'approve' | 'reject';
type Outcome = 'approved' | 'rejected' | 'skipped' | 'failed' | 'not-tried';

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

/** The shared batch of approve or reject: each id once (the shared machinery in cli/bulk). */
export function moderationBatch(
  client: ApiClient,
  action: ModerationAction,
  type: ModerationType,
): BatchSpec<BulkResult> {
  return {
    label: (id) => `${type} ${id}`,
    // Approve and reject may be repeated safely (the item ends in the same state), so the
    // client retries them after a dropped connection too.
    async perform(identifier, { onRetry }) {
      const options = { idempotent: true, onRetry };
      const res =
        action === 'approve'
          ? await client.call('moderation.approve', { params: { type, identifier } }, options)
          : await client.call('moderation.reject', { params: { type, identifier } }, options);
      return { type, id: outputId(type, identifier), outcome: DONE[action], message: res.message };
    },
    failed: (id, err) => ({ type, id: outputId(type, id), ...classifyFailure(action, err) }),
    notTried: (id, why) => ({ type, id: outputId(type, id), outcome: 'not-tried', message: why }),
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
  return [
    `${verb} ${n(DONE[action])}, skipped ${n('skipped')} (already ${DONE[action]}), failed ${n('failed')}${notTried}`,
    ...results.filter((r) => r.outcome === 'failed').map(failureLine),
    ...retriesLines(retries),
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

export const resultColumns: Column<BulkResult>[] = [
  { header: 'TYPE', value: (r) => r.type },
  { header: 'ID', value: (r) => r.id },
  { header: 'OUTCOME', value: (r) => r.outcome },
  { header: 'MESSAGE', value: (r) => r.message },
];
