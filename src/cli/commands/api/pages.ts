import { PageGuard, type ItemId } from '../../../client/page-guard.js';
import { offsetPages, PAGE_SIZE, type OffsetPage } from '../../../client/paginate.js';

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The three ways the API pages a list, told apart by the answer's shape: `{data: [...], hasMore,
 * skip}` (the post and user lists), id cursors in `meta` (the pending queue) and page numbers in
 * `meta` (the rejected queue).
 */
export type PageKind = 'offset' | 'cursor' | 'numbered';

export function pageKind(body: unknown): PageKind | undefined {
  if (!isRecord(body)) return undefined;
  if (Array.isArray(body.data) && typeof body.hasMore === 'boolean') return 'offset';
  if (!isRecord(body.data) || !isRecord(body.meta)) return undefined;
  if (COLLECTIONS.some((c) => c.cursor in (body.meta as Json))) return 'cursor';
  if (typeof body.meta.current_page === 'number') return 'numbered';
  return undefined;
}

/** A page of a list, or a list answered whole (`{data: [...]}`): what --paginate prints the items of. */
export const isList = (body: unknown): boolean =>
  pageKind(body) !== undefined || (isRecord(body) && Array.isArray(body.data));

/** The moderation queues' collections, each with its cursor and its "more" flag in `meta`. */
const COLLECTIONS = [
  { key: 'posts', cursor: 'last_post_id', more: 'has_more_posts' },
  { key: 'comments', cursor: 'last_comment_id', more: 'has_more_comments' },
] as const;

/** The items of a page: its `data` list, or each list of its `data` in turn (posts, then comments). */
export function pageItems(body: unknown): unknown[] {
  if (!isRecord(body)) return [];
  if (Array.isArray(body.data)) return body.data;
  if (isRecord(body.data)) return Object.values(body.data).flatMap((v) => (Array.isArray(v) ? v : []));
  return [];
}

/** The items of a page, named `posts 7`, `comments 3` so that a post and a comment never collide. */
function collectionIds(body: Json): ItemId[] {
  return Object.entries(body.data as Json).flatMap(([key, list]) =>
    Array.isArray(list) ? list.map((item: unknown) => `${key} ${isRecord(item) ? String(item.id) : '?'}`) : [],
  );
}

/** Reads the page the URL now names; it must be of the first page's kind. */
export type FetchPage = (kind: PageKind) => Promise<unknown>;

/**
 * Every page of the list the first answer begins, the first included, following the API's
 * pagination by changing `url`'s query; the page guard (D-PAGE-GUARD) stops a listing whose
 * pages repeat or whose cursor stays put. An answer that is not a page is the only "page".
 */
export async function* followPages(first: unknown, url: URL, fetchPage: FetchPage): AsyncGenerator<unknown> {
  const what = `GET ${url.pathname}`;
  const kind = pageKind(first);
  if (kind === 'offset') yield* offsetBodies(first, url, fetchPage, what);
  else if (kind === 'cursor') yield* cursorBodies(first as Json, url, fetchPage, what);
  else if (kind === 'numbered') yield* numberedBodies(first as Json, url, fetchPage, what);
  else yield first;
}

/** The one offset paginator, with `skip` (and `limit`, unless given) set on the URL for each page. */
async function* offsetBodies(first: unknown, url: URL, fetchPage: FetchPage, what: string): AsyncGenerator<unknown> {
  const userLimit = url.searchParams.has('limit');
  let body = first;
  let read = false;
  const pages = offsetPages(
    async (skip) => {
      if (read) {
        url.searchParams.set('skip', String(skip));
        if (!userLimit) url.searchParams.set('limit', String(PAGE_SIZE));
        body = await fetchPage('offset');
      }
      read = true;
      return body as OffsetPage<unknown>;
    },
    Number(url.searchParams.get('skip') ?? 0),
    undefined,
    new PageGuard(what),
  );
  for await (const _items of pages) yield body;
}

/** Each collection's cursor goes on from `meta` while it has more; a finished one is held at 0 (nothing is below). */
async function* cursorBodies(first: Json, url: URL, fetchPage: FetchPage, what: string): AsyncGenerator<unknown> {
  const guard = new PageGuard(what, { repeats: 'any' });
  for (let body = first; ; body = (await fetchPage('cursor')) as Json) {
    const meta = body.meta as Json;
    const data = body.data as Json;
    const cursors = COLLECTIONS.map((c) => {
      const sent = url.searchParams.get(c.cursor);
      const listed = Array.isArray(data[c.key]) && (data[c.key] as unknown[]).length > 0;
      return {
        name: c.cursor,
        sent: sent === null ? undefined : Number(sent),
        next: listed && typeof meta[c.cursor] === 'number' ? (meta[c.cursor] as number) : undefined,
        more: meta[c.more] === true,
      };
    });
    guard.cursorPage(collectionIds(body), cursors);
    yield body;
    if (!cursors.some((c) => c.more) || pageItems(body).length === 0) return;
    for (const c of cursors) url.searchParams.set(c.name, c.more ? String(c.next ?? c.sent ?? 0) : '0');
  }
}

/** `page` goes up by one while either collection has more. */
async function* numberedBodies(first: Json, url: URL, fetchPage: FetchPage, what: string): AsyncGenerator<unknown> {
  const guard = new PageGuard(what);
  for (let body = first; ; body = (await fetchPage('numbered')) as Json) {
    guard.numberedPage(collectionIds(body));
    yield body;
    const meta = body.meta as Json;
    if (!COLLECTIONS.some((c) => meta[c.more] === true) || pageItems(body).length === 0) return;
    url.searchParams.set('page', String((meta.current_page as number) + 1));
  }
}
