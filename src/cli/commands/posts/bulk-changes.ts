import type { ApiClient, RetryNotice } from '../../../client/api-client.js';
import type { Post } from '../../../contract/schemas/post.js';
import { errorText, inWords } from '../../bulk/item-error.js';
import { retriesLines } from '../../bulk/run-batch.js';
import type { Column } from '../../output/output.js';

export type Values = Record<string, unknown>;

/** One post of a bulk run, as --json prints it and the journal keeps it. */
export interface PostResult {
  key: string;
  outcome: 'changed' | 'unchanged' | 'deleted' | 'failed' | 'not-tried';
  before: Values | null;
  after: Values | null;
  message: string;
}

/** One post of a dry run: what the run would do to it. */
export interface PostPlan {
  key: string;
  outcome: 'would-change' | 'would-stay' | 'would-delete' | 'would-toggle' | 'would-fail';
  before: Values | null;
  after: Values | null;
  message: string;
}

/** The fields a bulk update sets, as the post record shows them. */
export interface FieldChange {
  status_id?: number | null;
  category_id?: number | null;
}

export type PostOp =
  | { kind: 'update'; change: FieldChange }
  | { kind: 'publish'; published: boolean }
  | { kind: 'delete' };

export const opName = (op: PostOp) =>
  op.kind === 'publish' ? (op.published ? 'publish' : 'unpublish') : op.kind === 'update' ? 'update' : 'delete';

/** The post's values of the fields a change sets: its status id and its one category's id. */
export function fieldsOf(post: Post, change: FieldChange): Values {
  const now: Values = {};
  if ('status_id' in change) now.status_id = post.status?.id ?? null;
  if ('category_id' in change) now.category_id = post.categories[0]?.id ?? null;
  return now;
}

export const sameValues = (a: Values, b: Values) => Object.keys(b).every((k) => a[k] === b[k]);

const read = async (client: ApiClient, key: string, onRetry: (n: RetryNotice) => void) =>
  (await client.call('posts.get', { params: { key } }, { onRetry })).data;

/**
 * One post changed, its values read just before: an update sends only what differs (a post
 * already so is `unchanged`, nothing sent); publish and unpublish go through the toggle
 * (D-POST-TOGGLE-PUBLISH); a delete keeps the post's last state as `before`.
 */
export async function applyOp(
  client: ApiClient,
  op: PostOp,
  key: string,
  onRetry: (n: RetryNotice) => void,
): Promise<PostResult> {
  if (op.kind === 'publish') {
    // The toggle is no idempotent request: only answers the server sent before handling it (429, 503) are retried.
    const first = await client.call('posts.togglePublish', { params: { key } }, { onRetry });
    const wanted = { published: op.published };
    if (first.data.published === op.published)
      return { key, outcome: 'changed', before: { published: !op.published }, after: wanted, message: '' };
    await client.call('posts.togglePublish', { params: { key } }, { onRetry });
    return { key, outcome: 'unchanged', before: wanted, after: wanted, message: `already ${opName(op)}ed` };
  }
  const post = await read(client, key, onRetry);
  if (op.kind === 'delete') {
    const res = await client.call('posts.delete', { params: { key } }, { onRetry });
    return { key, outcome: 'deleted', before: post as Values, after: null, message: res.message };
  }
  const before = fieldsOf(post, op.change);
  if (sameValues(before, op.change as Values))
    return { key, outcome: 'unchanged', before, after: before, message: 'already so' };
  // Setting values is safe to repeat, so a dropped connection is retried too.
  const { data } = await client.call(
    'posts.update',
    { params: { key }, body: op.change },
    { idempotent: true, onRetry },
  );
  return { key, outcome: 'changed', before, after: fieldsOf(data, op.change), message: '' };
}

/** What `applyOp` would do, from a read of the post (nothing changes). */
export async function planOp(
  client: ApiClient,
  op: PostOp,
  key: string,
  onRetry: (n: RetryNotice) => void,
): Promise<PostPlan> {
  const post = await read(client, key, onRetry);
  if (op.kind === 'delete')
    return { key, outcome: 'would-delete', before: null, after: null, message: `"${post.title}"` };
  if (op.kind === 'publish')
    return {
      key,
      outcome: 'would-toggle',
      before: null,
      after: { published: op.published },
      message: `${opName(op)}ed unless it is already (the post record does not show the flag)`,
    };
  const before = fieldsOf(post, op.change);
  return sameValues(before, op.change as Values)
    ? { key, outcome: 'would-stay', before, after: before, message: 'already so' }
    : { key, outcome: 'would-change', before, after: { ...op.change }, message: '' };
}

const PAST = { update: 'Updated', publish: 'Published', unpublish: 'Unpublished', delete: 'Deleted' } as const;

/**
 * `Updated 3, unchanged 1 (already so), failed 1`, `, not tried 4` when a run was cut short,
 * then one line per failure and the retries by cause.
 */
export function postSummary(op: PostOp, results: readonly PostResult[], retries: Record<string, number> = {}) {
  const n = (o: PostResult['outcome']) => results.filter((r) => r.outcome === o).length;
  const name = opName(op);
  const done = op.kind === 'delete' ? n('deleted') : n('changed');
  const unchanged = op.kind === 'delete' ? '' : `, unchanged ${n('unchanged')} (already so)`;
  const notTried = n('not-tried') ? `, not tried ${n('not-tried')}` : '';
  return [
    `${PAST[name]} ${done}${unchanged}, failed ${n('failed')}${notTried}`,
    ...results.filter((r) => r.outcome === 'failed').map((r) => failureLine(r.key, r.message)),
    ...retriesLines(retries),
  ];
}

/** `  post zzzzz not found (404)`, or any other reason after the post. */
export function failureLine(key: string, message: string): string {
  const said = inWords(message);
  return said !== message ? `  ${said}` : `  post ${key}: ${message}`;
}

export const failedResult = (key: string, err: unknown): PostResult => ({
  key,
  outcome: 'failed',
  before: null,
  after: null,
  message: errorText(err),
});

const valuesText = (v: Values | null) => (v ? JSON.stringify(v) : '');

export const postResultColumns: Column<PostResult | PostPlan>[] = [
  { header: 'KEY', field: 'key', value: (r) => r.key },
  { header: 'OUTCOME', field: 'outcome', value: (r) => r.outcome },
  { header: 'BEFORE', field: 'before', value: (r) => valuesText(r.before), max: 40 },
  { header: 'AFTER', field: 'after', value: (r) => valuesText(r.after), max: 40 },
  { header: 'MESSAGE', field: 'message', value: (r) => r.message, max: 60 },
];
