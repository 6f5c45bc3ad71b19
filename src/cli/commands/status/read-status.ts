import type { ApiClient } from '../../../client/api-client.js';
import { ApiError, NetworkError } from '../../../client/errors.js';
import { allPending, allRejected } from '../../../client/paginate.js';
import type { ModerationItem } from '../../../contract/schemas/moderation.js';
import { type Webhook } from '../../../contract/schemas/webhook.js';
import { cleanText } from '../../errors.js';
import { listed } from '../../resolve/listed.js';
import { routesMissing } from '../../reference-server.js';
import type { Part } from './report-schema.js';

/** Pages of a queue read for a status, at most: 20 posts and 20 comments a page (D-ADMIN-STATUS). */
const STATUS_PAGES = 10;

const DAY_MS = 24 * 3600 * 1000;

/** Every part of the report but the rate limit and the verdict, each from its own requests, all at once. */
export async function readStatusParts(client: ApiClient, now: Date) {
  const [portal, moderation, rejected, linkHealth, webhooks] = await Promise.all([
    client.call('portal.get', {}).then((r) => r.data.title, unavailableTitle),
    part(() => readPending(client)),
    part(() => readRejected(client, new Date(now.getTime() - 7 * DAY_MS))),
    part(() => readLinkHealth(client)),
    part(() => readWebhooks(client)),
  ]);
  return { title: portal, moderation, rejected, linkHealth, webhooks };
}

/**
 * A refused key, or a portal that does not answer at all, is no part's failure: nothing can be
 * read, and the command fails as any would (exit 4, exit 1).
 */
function unavailableTitle(err: unknown): null {
  if (err instanceof ApiError && (err.status === 401 || err.status === 403)) throw err;
  if (err instanceof NetworkError) throw err;
  return null;
}

/** One part: its reading, or `unavailable` with the reason in one line; a refused key fails the command. */
async function part<T>(read: () => Promise<T>): Promise<T | { state: 'unavailable'; error: string }> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) throw err;
    const message = err instanceof ApiError ? `${cleanText(err.message)} (${err.status})` : (err as Error).message;
    return { state: 'unavailable', error: message };
  }
}

/** Items of a queue, at most STATUS_PAGES pages; `complete` says whether the queue ended there. */
async function readQueue(
  pages: (onPage: (page: number) => void) => AsyncGenerator<ModerationItem>,
): Promise<{ items: ModerationItem[]; complete: boolean }> {
  const items: ModerationItem[] = [];
  let read = 0;
  for await (const item of pages((page) => (read = page))) {
    // An item after the last page read comes from one page more: the queue goes on.
    if (read >= STATUS_PAGES) return { items, complete: false };
    items.push(item);
  }
  return { items, complete: true };
}

async function readPending(client: ApiClient): Promise<Part<'moderation'>> {
  const { items, complete } = await readQueue((onPage) => allPending(client, onPage));
  const times = items.map((i) => Date.parse(i.created_at)).filter((t) => !Number.isNaN(t));
  return {
    state: 'ok',
    pending_posts: items.filter((i) => i.type === 'post').length,
    pending_comments: items.filter((i) => i.type === 'comment').length,
    oldest_pending_at: times.length ? new Date(Math.min(...times)).toISOString() : null,
    complete,
  };
}

async function readRejected(client: ApiClient, since: Date): Promise<Part<'rejected_last_7_days'>> {
  const { items, complete } = await readQueue((onPage) => allRejected(client, onPage));
  const recent = items.filter((i) => i.moderated_at !== null && Date.parse(i.moderated_at) >= since.getTime());
  return {
    state: 'ok',
    since: since.toISOString(),
    posts: recent.filter((i) => i.type === 'post').length,
    comments: recent.filter((i) => i.type === 'comment').length,
    complete,
  };
}

/** Each knowledge-base tab's latest completed scan, the tabs read at once. */
async function readLinkHealth(client: ApiClient): Promise<Part<'link_health'>> {
  const tabs = await listed(client, 'tabs');
  if (!tabs) throw new Error('this portal lists no tabs to find its knowledge bases in');
  const kb = tabs.filter((t) => t.type === 'knowledge_base');
  const results = await Promise.all(
    kb.map((t) => client.call('knowledgebase.linkResults', { params: { tabId: t.id } })),
  );
  return {
    state: 'ok',
    tabs: kb.map((t, i) => {
      const { scanned_at, posts } = results[i].data;
      const broken = new Set(posts.flatMap((p) => p.links.filter((l) => !l.ok).map((l) => l.url)));
      return {
        tab_id: t.id,
        slug: t.slug,
        name: t.name,
        scanned_at: scanned_at ?? null,
        broken_links: broken.size,
        articles_with_broken_links: posts.filter((p) => !p.healthy).length,
      };
    }),
  };
}

/** The reference server's webhook endpoints; a hosted portal manages them in its settings instead. */
async function readWebhooks(client: ApiClient): Promise<Part<'webhooks'>> {
  let data: Webhook[];
  try {
    ({ data } = await client.call('webhooks.list', {}));
  } catch (err) {
    if (await routesMissing(err, async () => client)) return { state: 'not_offered' };
    throw err;
  }
  return {
    state: 'ok',
    endpoints: data.length,
    failing: data
      .filter((w) => !w.enabled || w.consecutive_failures > 0)
      .map(({ id, url, enabled, consecutive_failures, disabled_reason }) => ({
        id,
        url,
        enabled,
        consecutive_failures,
        disabled_reason,
      })),
  };
}

/** The headroom the latest answer reported (`X-RateLimit-Limit`, `-Remaining`, `-Reset`). */
export function rateLimitOf(headers: Record<string, string> | undefined): Part<'rate_limit'> {
  const limit = Number(headers?.['x-ratelimit-limit']);
  const remaining = Number(headers?.['x-ratelimit-remaining']);
  if (!headers || !Number.isInteger(limit) || !Number.isInteger(remaining) || limit < 0 || remaining < 0)
    return { state: 'not_reported' };
  const reset = Number(headers['x-ratelimit-reset']);
  return {
    state: 'ok',
    limit,
    remaining,
    reset_at: Number.isInteger(reset) && reset > 0 ? new Date(reset * 1000).toISOString() : null,
  };
}
