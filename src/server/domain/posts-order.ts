import type { POST_ORDER_BY } from '../../contract/schemas/post.js';
import type { PortalState, PostRecord } from '../store/state.js';
import { approvedCommentCount } from './posts-counts.js';

export type PostOrderBy = (typeof POST_ORDER_BY)[number] | `cf_${number}`;
export type OrderDirection = 'asc' | 'desc';

type SortValue = number | string | null;
type SortKey = (post: PostRecord) => SortValue;

const time = (iso: string | null | undefined): number | null => (iso ? Date.parse(iso) : null);

/**
 * What each `order_by` name sorts on. Names the reference data has no field for
 * (revenue, priorities, custom fields, tracker keys, …) are absent: they sort as
 * equal, so the id tie-break alone decides.
 */
function sortKeys(portal: PortalState): Partial<Record<string, SortKey>> {
  const latestVote = new Map<string, number>();
  for (const v of portal.anonymous_votes) {
    const at = Date.parse(v.created_at);
    if (!(latestVote.get(v.post_key)! >= at)) latestVote.set(v.post_key, at);
  }
  const authorName = new Map(portal.users.map((u) => [u.id, u.name]));
  return {
    id: (p) => p.database_id,
    title: (p) => p.title,
    created_at: (p) => time(p.created_at),
    updated_at: (p) => time(p.updated_at),
    content_updated_at: (p) => time(p.updated_at),
    votes_count: (p) => p.votes_count,
    comments_count: (p) => approvedCommentCount(portal, p),
    latest_status_change: (p) => time(p.latest_status_change_at),
    latest_vote: (p) => latestVote.get(p.key) ?? null,
    views: (p) => p.views_count,
    order: (p) => p.sort_order,
    platform: (p) => p.platform,
    version: (p) => p.version,
    release: (p) => p.release,
    author: (p) => authorName.get(p.author_id) ?? null,
    section: (p) => p.section_id,
  };
}

/** MySQL order: NULL before any value; strings compared case-insensitively (a `_ci` collation). */
function compareValues(a: SortValue, b: SortValue): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a).toLowerCase();
  const y = String(b).toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

export const DEFAULT_ORDER_BY: PostOrderBy = 'created_at';
export const DEFAULT_ORDER_DIRECTION: OrderDirection = 'desc';

/**
 * Posts in list order. Ties, and every name without a field, fall back to
 * ascending numeric id whatever the direction, so pages never overlap.
 */
export function sortPosts(
  portal: PortalState,
  posts: readonly PostRecord[],
  orderBy: string = DEFAULT_ORDER_BY,
  direction: OrderDirection = DEFAULT_ORDER_DIRECTION,
): PostRecord[] {
  const key = sortKeys(portal)[orderBy];
  const sign = direction === 'asc' ? 1 : -1;
  const keyed = posts.map((post) => ({ post, value: key ? key(post) : null }));
  keyed.sort((a, b) => sign * compareValues(a.value, b.value) || a.post.database_id - b.post.database_id);
  return keyed.map((k) => k.post);
}

/** The order_by names that sort on a field of the reference data. */
export function orderByNamesWithField(portal: PortalState): string[] {
  return Object.keys(sortKeys(portal));
}
