import type { OperationName } from '../contract/endpoints.js';
import type { ModerationItem } from '../contract/schemas/moderation.js';
import type { PostListQuery } from '../contract/schemas/post.js';
import type { ApiClient, CallResult } from './api-client.js';
import { PageGuard, type ItemId } from './page-guard.js';

/** Items a page asks for when following every page (the most the post list gives at once). */
export const PAGE_SIZE = 100;

/** Told after each page: pages fetched so far and items seen so far. */
export type PageProgress = (pages: number, items: number) => void;

export interface OffsetPage<T> {
  data: T[];
  hasMore: boolean;
  skip?: number;
  total?: number | null;
  limit?: number;
}

/** The id a listed item carries, when it carries one (for the page guard). */
const idOf = (item: unknown): ItemId | undefined => {
  const id = (item as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
};

/**
 * The one offset paginator: asks `fetchPage(skip)` until an answer says `hasMore: false`
 * (or is empty), yielding each page's items as the page arrives. Each page passes `guard`
 * first (page-guard.ts): a page served again, a cursor that stays put or pages past the
 * reported total stop the listing with a PaginationError.
 */
export async function* offsetPages<T>(
  fetchPage: (skip: number) => Promise<OffsetPage<T>>,
  startSkip = 0,
  onPage?: PageProgress,
  guard: PageGuard = new PageGuard('the listing'),
): AsyncGenerator<T[]> {
  let skip = startSkip;
  let pages = 0;
  let items = 0;
  for (;;) {
    const page = await fetchPage(skip);
    const nextSkip = (typeof page.skip === 'number' ? page.skip : skip) + page.data.length;
    const ids = page.data.map(idOf).filter((id) => id !== undefined);
    guard.offsetPage({ skip, ids, hasMore: page.hasMore, nextSkip, total: page.total, limit: page.limit });
    onPage?.(++pages, (items += page.data.length));
    yield page.data;
    if (!page.hasMore || page.data.length === 0) return;
    skip = nextSkip;
  }
}

type PostItem = CallResult<'posts.list'>['data'][number];

/** Every post matching the query, page by page. */
export async function* allPosts(
  client: ApiClient,
  query: PostListQuery = {},
  pageSize = PAGE_SIZE,
  onPage?: PageProgress,
): AsyncGenerator<PostItem> {
  const limit = Number(query.limit ?? pageSize);
  const pages = offsetPages(
    (skip) => client.call('posts.list', { query: { ...query, skip, limit } }),
    Number(query.skip ?? 0),
    onPage,
    new PageGuard('GET /api/v1/posts'),
  );
  for await (const page of pages) yield* page;
}

/**
 * The pending queue, newest first, following the two cursors. A collection that
 * is exhausted is held at cursor 0 (nothing has a smaller id) while the other goes on.
 */
export async function* allPending(client: ApiClient, onPage?: PageProgress): AsyncGenerator<ModerationItem> {
  let lastPost: number | undefined;
  let lastComment: number | undefined;
  let postsDone = false;
  let commentsDone = false;
  let pages = 0;
  let items = 0;
  const guard = new PageGuard('GET /api/v1/moderation/pending', { repeats: 'any' });
  while (!postsDone || !commentsDone) {
    const page: CallResult<'moderation.pending'> = await client.call('moderation.pending', {
      query: { last_post_id: postsDone ? 0 : lastPost, last_comment_id: commentsDone ? 0 : lastComment },
    });
    guardPending(guard, page, { postsDone, commentsDone, lastPost, lastComment });
    if (!postsDone) {
      yield* page.data.posts;
      items += page.data.posts.length;
      if (page.data.posts.length) lastPost = Math.min(...page.data.posts.map((p) => p.database_id));
      postsDone = !page.meta.has_more_posts || page.data.posts.length === 0;
    }
    if (!commentsDone) {
      yield* page.data.comments;
      items += page.data.comments.length;
      if (page.data.comments.length) lastComment = Math.min(...page.data.comments.map((c) => c.id));
      commentsDone = !page.meta.has_more_comments || page.data.comments.length === 0;
    }
    onPage?.(++pages, items);
  }
}

/**
 * The cursors of a pending page, checked before it is used: the items the page adds (a
 * collection already done is not read) must be new, and each cursor that goes on must move
 * down, to the smallest id the page shows.
 */
function guardPending(
  guard: PageGuard,
  page: CallResult<'moderation.pending'>,
  was: { postsDone: boolean; commentsDone: boolean; lastPost?: number; lastComment?: number },
): void {
  const posts = was.postsDone ? [] : page.data.posts;
  const comments = was.commentsDone ? [] : page.data.comments;
  const lowest = (ids: number[]) => (ids.length ? Math.min(...ids) : undefined);
  guard.cursorPage(
    [...posts.map((p) => `post ${p.id}`), ...comments.map((c) => `comment ${c.id}`)],
    [
      {
        name: 'last_post_id',
        sent: was.lastPost,
        next: lowest(posts.map((p) => p.database_id)),
        more: !was.postsDone && page.meta.has_more_posts,
      },
      {
        name: 'last_comment_id',
        sent: was.lastComment,
        next: lowest(comments.map((c) => c.id)),
        more: !was.commentsDone && page.meta.has_more_comments,
      },
    ],
  );
}

/** Every rejected item, page by page. */
export async function* allRejected(client: ApiClient, onPage?: PageProgress): AsyncGenerator<ModerationItem> {
  let items = 0;
  const guard = new PageGuard('GET /api/v1/moderation/rejected');
  for (let page = 1; ; page++) {
    const res: CallResult<'moderation.rejected'> = await client.call('moderation.rejected', { query: { page } });
    guard.numberedPage([
      ...res.data.posts.map((p) => `post ${p.id}`),
      ...res.data.comments.map((c) => `comment ${c.id}`),
    ]);
    yield* res.data.posts;
    yield* res.data.comments;
    onPage?.(page, (items += res.data.posts.length + res.data.comments.length));
    if (
      (!res.meta.has_more_posts && !res.meta.has_more_comments) ||
      (res.data.posts.length === 0 && res.data.comments.length === 0)
    )
      return;
  }
}

/** Every user of the portal (D-USER-LIST), page by page. */
async function* allUsers(
  client: ApiClient,
  query: Record<string, unknown>,
  onPage?: PageProgress,
): AsyncGenerator<CallResult<'users.list'>['data'][number]> {
  const start = typeof query.skip === 'number' ? query.skip : 0;
  const fetchPage = (skip: number) => client.call('users.list', { query: { ...query, skip, limit: PAGE_SIZE } });
  for await (const page of offsetPages(fetchPage, start, onPage, new PageGuard('GET /api/v1/users'))) yield* page;
}

/** Every post of one tab (D-POST-TAB-LIST), page by page. */
async function* allTabPosts(
  client: ApiClient,
  query: Record<string, unknown>,
  onPage?: PageProgress,
): AsyncGenerator<CallResult<'posts.listForTab'>['data'][number]> {
  const start = typeof query.skip === 'number' ? query.skip : 0;
  const tab = String(query.tab);
  const fetchPage = (skip: number) =>
    client.call('posts.listForTab', { query: { ...query, tab, skip, limit: PAGE_SIZE } });
  for await (const page of offsetPages(fetchPage, start, onPage, new PageGuard('GET /api/v1/posts/all'))) yield* page;
}

/** How each paginated operation is followed to its end: the entry picks its paginator. */
export const paginators = {
  'posts.list': (client: ApiClient, query: Record<string, unknown>, onPage?: PageProgress) =>
    allPosts(client, query as PostListQuery, PAGE_SIZE, onPage),
  'users.list': (client: ApiClient, query: Record<string, unknown>, onPage?: PageProgress) =>
    allUsers(client, query, onPage),
  'posts.listForTab': (client: ApiClient, query: Record<string, unknown>, onPage?: PageProgress) =>
    allTabPosts(client, query, onPage),
  'moderation.pending': (client: ApiClient, _query: Record<string, unknown>, onPage?: PageProgress) =>
    allPending(client, onPage),
  'moderation.rejected': (client: ApiClient, _query: Record<string, unknown>, onPage?: PageProgress) =>
    allRejected(client, onPage),
} satisfies Partial<
  Record<
    OperationName,
    (client: ApiClient, query: Record<string, unknown>, onPage?: PageProgress) => AsyncIterable<unknown>
  >
>;

export type PaginatedOperation = keyof typeof paginators;
