import type { ApiClient, RetryNotice } from '../../../client/api-client.js';
import type { JournalRun } from '../../bulk/journal.js';
import { retriesLines } from '../../bulk/run-batch.js';
import { failureLine, fieldsOf, sameValues, type Values } from './bulk-changes.js';

/** What undo does with one post: the values the journal's runs found first and left last. */
export interface UndoItem {
  key: string;
  fields?: { before: Values; after: Values };
  published?: { before: boolean; after: boolean };
  /** The post's last state, for a post a run deleted. */
  deleted?: Values;
}

export interface UndoResult {
  key: string;
  outcome: 'restored' | 'unchanged' | 'refused' | 'not-restorable' | 'failed' | 'not-tried' | 'would-restore';
  /** The values found now. */
  before: Values | null;
  /** The values restored (or that would be). */
  after: Values | null;
  message: string;
}

/**
 * The posts to restore, each once however many runs changed it: per field the value the first
 * run found and the value the last run left (D-BULK-UNDO). Items a run left unchanged or failed
 * have nothing to undo.
 */
export function undoItems(runs: readonly JournalRun[]): UndoItem[] {
  const items = new Map<string, UndoItem>();
  for (const { entries } of runs) {
    for (const e of entries) {
      if (e.outcome !== 'changed' && e.outcome !== 'deleted') continue;
      const item = items.get(e.key) ?? { key: e.key };
      items.set(e.key, item);
      if (e.outcome === 'deleted') item.deleted = e.before ?? {};
      else if (e.op === 'publish' || e.op === 'unpublish') {
        const before = item.published?.before ?? Boolean(e.before?.published);
        item.published = { before, after: Boolean(e.after?.published) };
      } else if (e.before && e.after) {
        const fields = (item.fields ??= { before: {}, after: {} });
        for (const [k, v] of Object.entries(e.before)) if (!(k in fields.before)) fields.before[k] = v;
        Object.assign(fields.after, e.after);
      }
    }
  }
  return [...items.values()];
}

const said = (v: Values) =>
  Object.entries(v)
    .map(([k, x]) => `${k} ${JSON.stringify(x)}`)
    .join(', ');

/**
 * One post back to its values before the runs: refused, naming what differs, when the post no
 * longer has the values the runs left (someone changed it since); `unchanged` when it has its
 * old values already (an undo run before). A deleted post is reported, never recreated.
 */
export async function undoOne(
  client: ApiClient,
  item: UndoItem,
  onRetry: (n: RetryNotice) => void,
  dryRun = false,
): Promise<UndoResult> {
  const { key } = item;
  if (item.deleted)
    return {
      key,
      outcome: 'not-restorable',
      before: null,
      after: item.deleted,
      message: 'deleted: the API cannot bring a post back; its last state is in the journal',
    };
  let found: Values = {};
  let restored: Values = {};
  let outcome: UndoResult['outcome'] = 'unchanged';
  if (item.fields) {
    const { before, after } = item.fields;
    const { data: post } = await client.call('posts.get', { params: { key } }, { onRetry });
    found = fieldsOf(post, after);
    if (!sameValues(found, before)) {
      if (!sameValues(found, after))
        return {
          key,
          outcome: 'refused',
          before: found,
          after: before,
          message: `changed since: ${said(found)} now, the run left ${said(after)}`,
        };
      if (dryRun) return { key, outcome: 'would-restore', before: found, after: before, message: '' };
      await client.call('posts.update', { params: { key }, body: before }, { idempotent: true, onRetry });
      restored = { ...before };
      outcome = 'restored';
    }
  }
  if (item.published && !dryRun) {
    const wanted = item.published.before;
    const first = await client.call('posts.togglePublish', { params: { key } }, { onRetry });
    if (first.data.published === wanted) {
      found.published = !wanted;
      restored.published = wanted;
      outcome = 'restored';
    } else {
      // It was as before already: toggled back, nothing changed.
      await client.call('posts.togglePublish', { params: { key } }, { onRetry });
      found.published = wanted;
    }
  } else if (item.published) {
    return { key, outcome: 'would-restore', before: found, after: { published: item.published.before }, message: '' };
  }
  return { key, outcome, before: found, after: restored, message: outcome === 'unchanged' ? 'as before already' : '' };
}

/** `Restored 3, unchanged 0 (as before already), refused 1 (changed since), not restorable 1 (deleted), failed 0`. */
export function undoSummary(results: readonly UndoResult[], retries: Record<string, number> = {}): string[] {
  const n = (o: UndoResult['outcome']) => results.filter((r) => r.outcome === o).length;
  const notTried = n('not-tried') ? `, not tried ${n('not-tried')}` : '';
  return [
    `Restored ${n('restored')}, unchanged ${n('unchanged')} (as before already), refused ${n('refused')} (changed since), not restorable ${n('not-restorable')} (deleted), failed ${n('failed')}${notTried}`,
    ...results
      .filter((r) => r.outcome === 'refused' || r.outcome === 'not-restorable')
      .map((r) => `  post ${r.key} ${r.outcome === 'refused' ? 'refused' : 'not restored'}: ${r.message}`),
    ...results.filter((r) => r.outcome === 'failed').map((r) => failureLine(r.key, r.message)),
    ...retriesLines(retries),
  ];
}
