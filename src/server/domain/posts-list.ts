import { PostListQuerySchema, type PostListParsedQuery as PostListQuery } from '../../contract/schemas/post.js';
import type { PortalState, PostRecord } from '../store/state.js';
import { ValidationError } from './errors.js';
import { isKnowledgeBaseArticle } from './posts-find.js';
import { sortPosts, type OrderDirection } from './posts-order.js';

export const DEFAULT_LIMIT = 10;
export const SAVED_QUERY_INVALID = 'The selected saved query id is invalid.';

/** Parameters a saved query may store; paging and format belong to the request. */
const SAVED_QUERY_KEYS = [
  'tab', 'category', 'section', 'status', 'platform', 'version', 'release', 'tag_id', 'order_by', 'order_direction',
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
export function applySavedQuery(portal: PortalState, query: PostListQuery): PostListQuery {
  if (query.saved_query_id === undefined) return query;
  const saved = portal.saved_queries.find((q) => q.id === query.saved_query_id);
  if (!saved) throw ValidationError.field('saved_query_id', SAVED_QUERY_INVALID);
  const stored: Record<string, unknown> = {};
  for (const name of SAVED_QUERY_KEYS) {
    if (saved.query[name] === undefined) continue;
    const parsed = PostListQuerySchema.shape[name].safeParse(saved.query[name]);
    if (parsed.success && parsed.data !== undefined) stored[name] = parsed.data;
  }
  const explicit = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
  return { ...stored, ...explicit } as PostListQuery;
}

/**
 * Which posts a list shows at all: approved ones only (pending and rejected
 * posts are seen through the moderation endpoints), and knowledge-base articles
 * only when the request names a tab or a section.
 */
function isListed(portal: PortalState, post: PostRecord, query: PostListQuery): boolean {
  if (post.moderation_status !== 'approved') return false;
  if (query.tab === undefined && query.section === undefined && isKnowledgeBaseArticle(portal, post)) return false;
  return true;
}

/** One predicate per filter given; all must hold. Unknown tabs, sections, ids match nothing. */
function filtersOf(portal: PortalState, q: PostListQuery): ((p: PostRecord) => boolean)[] {
  const filters: ((p: PostRecord) => boolean)[] = [];
  if (q.tab !== undefined) {
    const tab = portal.tabs.find((t) => t.slug === q.tab);
    filters.push((p) => tab !== undefined && p.tab_id === tab.id);
  }
  if (q.section !== undefined) {
    const wanted = q.section;
    const ids = new Set(portal.sections.filter((s) => String(s.id) === wanted || s.slug === wanted).map((s) => s.id));
    filters.push((p) => p.section_id !== null && ids.has(p.section_id));
  }
  if (q.category !== undefined) {
    const id = q.category;
    filters.push((p) => p.category_ids.includes(id));
  }
  if (q.status !== undefined) {
    const ids = new Set(q.status);
    filters.push((p) => p.status_id !== null && ids.has(p.status_id));
  }
  if (q.tag_id !== undefined) {
    const ids = new Set(q.tag_id);
    filters.push((p) => p.tag_ids.some((t) => ids.has(t)));
  }
  if (q.platform !== undefined) filters.push((p) => p.platform === q.platform);
  if (q.version !== undefined) filters.push((p) => p.version === q.version);
  if (q.release !== undefined) filters.push((p) => p.release === q.release);
  return filters;
}

/** `GET /posts`: filter, order, then one page by skip/limit. */
export function listPosts(portal: PortalState, rawQuery: PostListQuery): PostPage {
  const query = applySavedQuery(portal, rawQuery);
  const filters = filtersOf(portal, query);
  const matching = portal.posts.filter((p) => isListed(portal, p, query) && filters.every((f) => f(p)));
  const ordered = sortPosts(portal, matching, query.order_by, query.order_direction as OrderDirection | undefined);
  const skip = query.skip ?? 0;
  const limit = query.limit ?? DEFAULT_LIMIT;
  const posts = ordered.slice(skip, skip + limit);
  return { posts, total: ordered.length, skip, limit, hasMore: skip + posts.length < ordered.length };
}
