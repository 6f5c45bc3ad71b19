import { postSchemas, type PostListParsedQuery as PostListQuery } from '../../contract/schemas/post.js';
import type { PostTabQuery } from '../../contract/schemas/post-search.js';
import type { PostFilter } from '../store/repositories/post-list-query.js';
import type { PostRecord } from '../../seed-file/seed-file.js';
import type { Portal } from '../store/portal.js';
import { ValidationError } from './errors.js';
import { tabNamed } from './posts-tab.js';
import { DEFAULT_ORDER_BY, DEFAULT_ORDER_DIRECTION, type OrderDirection } from './posts-order.js';

export const DEFAULT_LIMIT = 10;
const SAVED_QUERY_INVALID = 'The selected saved query id is invalid.';

/** Parameters a saved query may store; paging and format belong to the request. */
const SAVED_QUERY_KEYS = [
  'tab',
  'category',
  'section',
  'status',
  'platform',
  'version',
  'release',
  'tag_id',
  'order_by',
  'order_direction',
] as const;

export interface PostPage {
  posts: PostRecord[];
  total: number;
  skip: number;
  limit: number;
  hasMore: boolean;
}

/**
 * The stored filters of a saved query, each read with the list's own query
 * rules; stored values those rules refuse are left out. Parameters the request
 * sends itself win over the stored ones.
 */
function applySavedQuery(portal: Portal, query: PostListQuery): PostListQuery {
  if (query.saved_query_id === undefined) return query;
  const saved = portal.savedQueries.get(query.saved_query_id);
  if (!saved) throw ValidationError.field('saved_query_id', SAVED_QUERY_INVALID);
  const stored: Record<string, unknown> = {};
  for (const name of SAVED_QUERY_KEYS) {
    if (saved.query[name] === undefined) continue;
    const parsed = postSchemas().PostListQuerySchema.shape[name].safeParse(saved.query[name]);
    if (parsed.success && parsed.data !== undefined) stored[name] = parsed.data;
  }
  const explicit = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
  return { ...stored, ...explicit } as PostListQuery;
}

/**
 * Which posts a list shows: approved ones only (pending and rejected posts are
 * seen through the moderation endpoints), knowledge-base articles only when the
 * request names a tab or a section, and every filter given. Unknown tabs,
 * sections and ids match nothing.
 */
function postFilter(portal: Portal, q: PostListQuery): PostFilter {
  const filter: PostFilter = {
    moderation_status: 'approved',
    hideKnowledgeBase: q.tab === undefined && q.section === undefined,
  };
  if (q.tab !== undefined) filter.tabId = portal.tabs.bySlug(q.tab)?.id ?? null;
  if (q.section !== undefined) filter.section = q.section;
  if (q.category !== undefined) filter.categoryId = q.category;
  if (q.status !== undefined) filter.statusIds = [...q.status];
  if (q.tag_id !== undefined) filter.tagIds = [...q.tag_id];
  if (q.platform !== undefined) filter.platform = q.platform;
  if (q.version !== undefined) filter.version = q.version;
  if (q.release !== undefined) filter.release = q.release;
  return filter;
}

/** `GET /posts`: filter, order, then one page by skip/limit. */
export function listPosts(portal: Portal, rawQuery: PostListQuery): PostPage {
  const query = applySavedQuery(portal, rawQuery);
  const skip = query.skip ?? 0;
  const limit = query.limit ?? DEFAULT_LIMIT;
  const order = {
    by: query.order_by ?? DEFAULT_ORDER_BY,
    direction: (query.order_direction as OrderDirection | undefined) ?? DEFAULT_ORDER_DIRECTION,
  };
  const { posts, total } = portal.posts.page(postFilter(portal, query), order, skip, limit);
  return { posts, total, skip, limit, hasMore: skip + posts.length < total };
}

/** `GET /posts/all` (D-POST-TAB-LIST): the approved posts of one tab, newest first, paged as the list. */
export function listTabPosts(portal: Portal, query: PostTabQuery): PostPage {
  const tab = tabNamed(portal, query.tab);
  const skip = query.skip ?? 0;
  const limit = query.limit ?? DEFAULT_LIMIT;
  const filter: PostFilter = { moderation_status: 'approved', hideKnowledgeBase: false, tabId: tab.id };
  const order = { by: DEFAULT_ORDER_BY, direction: DEFAULT_ORDER_DIRECTION };
  const { posts, total } = portal.posts.page(filter, order, skip, limit);
  return { posts, total, skip, limit, hasMore: skip + posts.length < total };
}
