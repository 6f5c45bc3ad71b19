import type { ApiClient } from '../../../client/api-client.js';
import { ApiError } from '../../../client/errors.js';
import { allPending, allRejected } from '../../../client/paginate.js';
import type { ModerationType } from '../../../contract/schemas/moderation.js';
import { notFoundText } from '../../../client/api-words.js';
import type { Column } from '../../output/output.js';
import { outputId, type ModerationAction } from './bulk.js';

type DryRunOutcome = 'would-approve' | 'would-reject' | 'would-skip' | 'would-fail' | 'not-pending';

export interface DryRunResult {
  type: ModerationType;
  id: string | number;
  outcome: DryRunOutcome;
  message: string;
}

export const dryRunColumns: Column<DryRunResult>[] = [
  { header: 'TYPE', value: (r) => r.type },
  { header: 'ID', value: (r) => r.id },
  { header: 'OUTCOME', value: (r) => r.outcome },
  { header: 'MESSAGE', value: (r) => r.message, max: 80 },
];

/**
 * What a batch would do, from the pending and rejected queues (nothing is changed):
 * a pending id would change; a rejected one would be skipped by reject and fail for
 * approve. Any other id is approved already or unknown: a post is looked up
 * (`GET /posts/{key}`) to tell which, so approve and reject say the same of it (skip or
 * fail); a comment cannot be looked up alone, and reject fails it either way, while
 * approve would skip or fail it: `not-pending` (D-MOD-DRY-RUN).
 */
export async function planBatch(
  client: ApiClient,
  action: ModerationAction,
  type: ModerationType,
  ids: readonly string[],
): Promise<DryRunResult[]> {
  const pending = new Set<string>();
  for await (const item of allPending(client)) if (item.type === type) pending.add(String(item.id));
  const rejected = new Set<string>();
  for await (const item of allRejected(client)) if (item.type === type) rejected.add(String(item.id));
  const outside = ids.filter((id) => !pending.has(id) && !rejected.has(id));
  const known = type === 'post' ? await postsKnown(client, outside) : new Map<string, boolean>();

  return ids.map((id): DryRunResult => {
    const base = { type, id: outputId(type, id) };
    const fail = (message: string): DryRunResult => ({ ...base, outcome: 'would-fail', message });
    if (pending.has(id))
      return { ...base, outcome: action === 'approve' ? 'would-approve' : 'would-reject', message: 'pending' };
    if (rejected.has(id))
      return action === 'reject'
        ? { ...base, outcome: 'would-skip', message: 'already rejected' }
        : fail('already rejected');
    if (known.get(id) === false) return fail(`${type} ${id} not found`);
    if (known.get(id) === true)
      return action === 'approve'
        ? { ...base, outcome: 'would-skip', message: 'already approved' }
        : fail('already approved');
    return action === 'reject'
      ? fail('not pending: already approved, or unknown')
      : { ...base, outcome: 'not-pending', message: 'not pending: skipped if already approved, fails if unknown' };
  });
}

/** Whether each post exists (approved, as it is in neither queue); absent where the portal cannot say. */
async function postsKnown(client: ApiClient, keys: readonly string[]): Promise<Map<string, boolean>> {
  const known = new Map<string, boolean>();
  const lookUp = async (key: string) => {
    try {
      await client.call('posts.get', { params: { key } });
      known.set(key, true);
    } catch (err) {
      // The model's 404 says the post is unknown; a route the portal does not offer says nothing.
      if (err instanceof ApiError && err.status === 404 && notFoundText(err.message)) known.set(key, false);
      else if (!(err instanceof ApiError && err.status === 404)) throw err;
    }
  };
  for (let i = 0; i < keys.length; i += LOOKUPS_AT_ONCE)
    await Promise.all(keys.slice(i, i + LOOKUPS_AT_ONCE).map(lookUp));
  return known;
}

const LOOKUPS_AT_ONCE = 4;

/**
 * The same tally for approve and reject: `would approve 1, would skip 0, would fail 1`, and
 * the ids neither can tell (`not pending 2`) when there are any.
 */
export function dryRunSummary(action: ModerationAction, results: readonly DryRunResult[]): string {
  const n = (o: DryRunOutcome) => results.filter((r) => r.outcome === o).length;
  const parts = [
    `would ${action} ${n(action === 'approve' ? 'would-approve' : 'would-reject')}`,
    `would skip ${n('would-skip')}`,
    `would fail ${n('would-fail')}`,
  ];
  if (n('not-pending')) parts.push(`not pending ${n('not-pending')} (already approved, or unknown)`);
  return `Dry run, nothing changed: ${parts.join(', ')}`;
}
