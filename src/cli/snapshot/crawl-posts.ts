import { encodeQuery, type CallResult } from '../../client/api-client.js';
import { PageGuard } from '../../client/page-guard.js';
import { PLATFORMS, type Post, type PostListQuery } from '../../contract/schemas/post.js';
import { has, PAGE_SIZE, type CrawlContext, type CrawlState, type Probe, type StepKit } from './crawl-state.js';
import { PART, type MembershipLine, type PostLine } from './records.js';
import { guessSlug } from './reconstruct.js';

/** Every post of the portal, whatever its tab, from the cursor on. */
export async function readPosts(ctx: CrawlContext, kit: StepKit): Promise<void> {
  const s = ctx.journal.state;
  if (!has(s, 'posts') || s.posts.done) return;
  ctx.progress.step('posts');
  await listPosts(
    ctx,
    {},
    s.posts,
    (post) => {
      if (!post.status) s.posts.without_status = (s.posts.without_status ?? 0) + 1;
      ctx.journal.append(PART.posts, postLine(ctx, post, null));
      kit.tick(1, remainingAfterPosts(s));
    },
    kit.checkpoint,
  );
  s.posts.done = true;
  kit.checkpoint(true);
}

/** Which posts are on which tab and platform, which the post list does not say: the list filtered by each. */
export async function readProbes(ctx: CrawlContext, kit: StepKit): Promise<void> {
  const s = ctx.journal.state;
  if (!has(s, 'posts') || s.probes_done) return;
  ctx.progress.step('tabs and platforms');
  s.probes ??= planProbes(s);
  for (const probe of s.probes) {
    if (probe.done) continue;
    const filter: PostListQuery =
      probe.tab !== undefined ? { tab: probe.tab } : { platform: probe.platform as PostListQuery['platform'] };
    await listPosts(
      ctx,
      { ...filter, format: 'minimal' },
      probe,
      (post) => {
        const line: MembershipLine =
          probe.tab !== undefined ? { key: post.id, tab: probe.tab } : { key: post.id, platform: probe.platform };
        ctx.journal.append(PART.membership, line);
      },
      kit.checkpoint,
    );
    probe.done = true;
    kit.checkpoint(true);
  }
  s.probes_done = true;
  kit.checkpoint(true);
}

/**
 * Pages of `GET /posts` from the cursor on, ordered by id so pages stay put while the crawl
 * runs. Each page passes the listing's guard before any of its posts is written: an id listed
 * again, a page that does not move the cursor, or pages past the reported total stop the crawl.
 */
export async function listPosts(
  ctx: CrawlContext,
  filter: PostListQuery,
  cursor: { skip: number; total: number | null },
  each: (post: Post) => void,
  checkpoint: (force?: boolean) => void,
): Promise<void> {
  const guard = new PageGuard(`GET /api/v1/posts${encodeQuery(filter)}`, { repeats: 'any' });
  for (;;) {
    const page: CallResult<'posts.list'> = await ctx.client.call('posts.list', {
      query: { ...filter, order_by: 'id', order_direction: 'asc', limit: PAGE_SIZE, skip: cursor.skip },
    });
    guard.offsetPage({
      skip: cursor.skip,
      ids: page.data.map((p) => p.id),
      hasMore: page.hasMore,
      nextSkip: cursor.skip + page.data.length,
      total: page.total,
      limit: page.limit ?? PAGE_SIZE,
    });
    for (const post of page.data) each(post as Post);
    cursor.skip += page.data.length;
    cursor.total = page.total;
    checkpoint();
    if (!page.hasMore || page.data.length === 0) return;
  }
}

export function postLine(ctx: CrawlContext, p: Post, tabId: number | null): PostLine {
  ctx.users.see({ id: p.author.id, name: p.author.name, email: p.author.email, role: p.author.role });
  if (p.status)
    ctx.journal.state.statuses[p.status.id] ??= {
      id: p.status.id,
      name: p.status.name,
      color: p.status.color,
      tab_name: p.status.tab_name,
    };
  return {
    post: {
      key: p.id,
      title: p.title,
      description: p.description,
      author_id: p.author.id,
      tab_id: tabId,
      section_id: p.section_id,
      status_id: p.status?.id ?? null,
      category_ids: p.categories.map((c) => c.id),
      moderation_status: p.moderation_status,
      votes_count: p.votes_count,
      views_count: p.views_count,
      created_at: p.created_at,
      updated_at: p.updated_at,
      latest_status_change_at: p.latest_status_change_at,
    },
    comments_count: p.comments_count,
    ...(p.status ? { status_tab: p.status.tab_name } : {}),
  };
}

/** Filter probes: the tab of posts without a status, and every post's platform. */
function planProbes(s: CrawlState): Probe[] {
  const kbSlugs = new Set(Object.values(s.kb).map((t) => t.slug));
  const tabNames = [
    ...new Set(
      Object.values(s.statuses)
        .map((st) => st.tab_name)
        .filter(Boolean),
    ),
  ].sort();
  // A post with a status is on its status's tab: listing by tab is only needed for posts without one.
  const tabs = s.posts.without_status ? tabNames.map(guessSlug).filter((slug) => !kbSlugs.has(slug)) : [];
  return [
    ...tabs.map((tab) => ({ tab, skip: 0, total: null, done: false })),
    ...PLATFORMS.map((platform) => ({ platform, skip: 0, total: null, done: false })),
  ];
}

function remainingAfterPosts(s: CrawlState): number | undefined {
  if (s.posts.total === null) return undefined;
  const pages = Math.ceil(Math.max(s.posts.total - s.posts.skip, 0) / PAGE_SIZE);
  // Comment lists: one request per post with comments; until they are counted, assume one in two.
  return pages + Math.ceil(s.posts.total / 2) + PLATFORMS.length;
}
