import type { ApiClient } from '../../../client/api-client.js';
import { allPending, allRejected } from '../../../client/paginate.js';
import type { ModerationType } from '../../../contract/schemas/moderation.js';
import type { Column } from '../../output/output.js';
import { outputId, type ModerationAction } from './bulk.js';

export type DryRunOutcome = 'would-approve' | 'would-reject' | 'would-skip' | 'would-fail' | 'not-pending';

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
 * approve; any other id is approved already or unknown, which the API cannot tell
 * apart without trying: approve would skip the first and fail the second, reject fails both.
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

  return ids.map((id): DryRunResult => {
    const base = { type, id: outputId(type, id) };
    if (pending.has(id))
      return { ...base, outcome: action === 'approve' ? 'would-approve' : 'would-reject', message: 'pending' };
    if (rejected.has(id)) {
      return action === 'reject'
        ? { ...base, outcome: 'would-skip', message: 'already rejected' }
        : { ...base, outcome: 'would-fail', message: 'already rejected' };
    }
    return action === 'reject'
      ? { ...base, outcome: 'would-fail', message: 'not pending: already approved, or unknown' }
      : { ...base, outcome: 'not-pending', message: 'not pending: skipped if already approved, fails if unknown' };
  });
}

export function dryRunSummary(action: ModerationAction, results: readonly DryRunResult[]): string {
  const n = (o: DryRunOutcome) => results.filter((r) => r.outcome === o).length;
  const parts = [
    `would ${action} ${n(action === 'approve' ? 'would-approve' : 'would-reject')}`,
    `would skip ${n('would-skip')}`,
    `would fail ${n('would-fail')}`,
  ];
  if (action === 'approve') parts.push(`not pending ${n('not-pending')} (already approved, or unknown)`);
  return `Dry run, nothing changed: ${parts.join(', ')}`;
}
