import path from 'node:path';
import { ApiError, encodeQuery, type ApiClient, type CallResult } from '../../client/api-client.js';
import { saveToFile } from '../../client/kb-download.js';
import { allPending, allRejected } from '../../client/paginate.js';
import { buildPath, endpoints } from '../../contract/endpoints.js';
import type { Comment } from '../../contract/schemas/comment.js';
import type { ModerationItem } from '../../contract/schemas/moderation.js';
import { PLATFORMS, type Post, type PostListQuery } from '../../contract/schemas/post.js';
import type { Journal, JournalBase } from './journal.js';
import {
  PART,
  type CategorySeed,
  type CommentSeed,
  type FeedbackSeed,
  type GroupSeed,
  type KbTabState,
  type MembershipLine,
  type ModeratedCommentLine,
  type PostLine,
  type SeenStatus,
  type SnapshotPart,
} from './records.js';
import { guessSlug } from './reconstruct.js';
import type { UserBook } from './user-book.js';

export const PAGE_SIZE = 100;

export interface PortalSettings {
  guid: string;
  title: string;
  localization: string;
  editor_type: 'wysiwyg' | 'markdown';
  jira_enabled: boolean;
  jira_sync_status: boolean;
  linear_enabled: boolean;
  jira_domain: string | null;
}

export interface Probe {
  tab?: string;
  platform?: string;
  skip: number;
  total: number | null;
  done: boolean;
}

/** The checkpoint: where each step of the crawl stands, and the small collections it found. */
export interface CrawlState extends JournalBase {
  version: 1;
  started_at: string;
  options: { include: SnapshotPart[]; kb_tabs: number[]; anonymize: boolean };
  /** Per-snapshot key of the pseudonyms when `--anonymize` has no salt given. */
  salt?: string;
  requests: number;
  portal?: PortalSettings;
  categories?: CategorySeed[];
  groups?: GroupSeed[];
  kb: Record<string, KbTabState>;
  moderation_done: boolean;
  posts: { skip: number; total: number | null; done: boolean; without_status?: number };
  statuses: Record<string, SeenStatus>;
  probes: Probe[] | null;
  probes_done: boolean;
  comments: { offset: number; done: boolean; posts_read: number; written: number; skipped_posts: number };
  feedback_done: boolean;
  /** Comments the moderation queues show on posts that are not in the snapshot. */
  comments_outside: number;
}

export function freshState(options: CrawlState['options'], startedAt: Date): CrawlState {
  return {
    version: 1,
    complete: false,
    parts: {},
    started_at: startedAt.toISOString(),
    options,
    requests: 0,
    kb: {},
    moderation_done: false,
    posts: { skip: 0, total: null, done: false },
    statuses: {},
    probes: null,
    probes_done: false,
    comments: { offset: 0, done: false, posts_read: 0, written: 0, skipped_posts: 0 },
    feedback_done: false,
    comments_outside: 0,
  };
}

export interface CrawlProgress {
  step(label: string): void;
  /** Items written so far and, where known, requests still to come. */
  tick(items: number, remainingRequests?: number): void;
}

export interface CrawlContext {
  journal: Journal<CrawlState>;
  client: ApiClient;
  users: UserBook;
  progress: CrawlProgress;
  requests(): number;
  /** Where the export ZIPs are kept until the seed is written. */
  dir: string;
}

/** Checkpoints at most once a second inside paged steps; every step ends with one. */
function checkpointer(ctx: CrawlContext) {
  let last = Date.now();
  return (force = false) => {
    if (!force && Date.now() - last < 1000) return;
    ctx.journal.state.requests = ctx.requests();
    ctx.journal.commit();
    last = Date.now();
  };
}

const has = (s: CrawlState, part: SnapshotPart) => s.options.include.includes(part);

/** Reads the whole portal into the journal, step by step; a resumed crawl skips what is done. */
export async function crawlPortal(ctx: CrawlContext): Promise<void> {
  const s = ctx.journal.state;
  const checkpoint = checkpointer(ctx);
  let items = 0;
  const tick = (n = 1, remaining?: number) => ctx.progress.tick((items += n), remaining);

  if (!s.portal) {
    ctx.progress.step('portal');
    const { data } = await ctx.client.call('portal.get', {});
    s.portal = {
      guid: data.guid,
      title: data.title,
      localization: data.localization,
      editor_type: data.editor_type,
      jira_enabled: data.jira_enabled,
      jira_sync_status: data.jira_sync_status,
      linear_enabled: data.linear_enabled,
      jira_domain: data.jira_domain,
    };
    checkpoint(true);
  }

  if (has(s, 'categories') && !s.categories) {
    ctx.progress.step('categories');
    const { data } = await ctx.client.call('categories.list', {});
    s.categories = data.flatMap((c) =>
      c.id === null ? [] : [{ id: c.id, name: c.name, color: c.color, sort_order: c.sort_order }],
    );
    tick(s.categories.length);
    checkpoint(true);
  }

  if (has(s, 'groups') && !s.groups) {
    ctx.progress.step('groups');
    const { data } = await ctx.client.call('groups.list', {});
    const groups: GroupSeed[] = [];
    for (const g of data) {
      const members = await ctx.client.call('groups.listUsers', { params: { group: g.id } });
      for (const u of members.data) ctx.users.see(u);
      groups.push({
        id: g.id,
        name: g.name,
        description: g.description,
        user_ids: members.data.map((u) => u.id),
        created_at: g.created_at,
        updated_at: g.updated_at,
      });
      tick();
    }
    s.groups = groups;
    checkpoint(true);
  }

  if (has(s, 'kb')) {
    for (const tabId of s.options.kb_tabs) await crawlKbTab(ctx, tabId, checkpoint, tick);
  }

  if (has(s, 'moderation') && !s.moderation_done) {
    ctx.progress.step('moderation queues');
    // One step: a resumed crawl reads both queues again from the start of the step.
    const consumed = new Set<string>();
    for (const list of [allPending, allRejected]) {
      for await (const item of list(ctx.client)) {
        recordModerationItem(ctx, item, consumed);
        tick();
      }
    }
    writeUnlistedArticles(ctx, consumed);
    s.moderation_done = true;
    checkpoint(true);
  } else if (Object.values(s.kb).some((t) => t.unlisted.length > 0)) {
    writeUnlistedArticles(ctx, new Set());
    checkpoint(true);
  }

  if (has(s, 'posts') && !s.posts.done) {
    ctx.progress.step('posts');
    await listPosts(
      ctx,
      {},
      s.posts,
      (post) => {
        if (!post.status) s.posts.without_status = (s.posts.without_status ?? 0) + 1;
        ctx.journal.append(PART.posts, postLine(ctx, post, null));
        tick(1, remainingAfterPosts(s));
      },
      checkpoint,
    );
    s.posts.done = true;
    checkpoint(true);
  }

  if (has(s, 'posts') && !s.probes_done) {
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
        checkpoint,
      );
      probe.done = true;
      checkpoint(true);
    }
    s.probes_done = true;
    checkpoint(true);
  }

  if (has(s, 'comments') && !s.comments.done) {
    ctx.progress.step('comments');
    await crawlComments(ctx, checkpoint, tick);
    s.comments.done = true;
    checkpoint(true);
  }

  if (has(s, 'feedback') && !s.feedback_done) {
    ctx.progress.step('feedback');
    const { data } = await ctx.client.call('feedback.list', {});
    // The list is newest first; the seed keeps creation order so that ties list the same way.
    for (const f of [...data].reverse()) {
      const extra = f as { source?: string | null; widget_id?: string | null };
      const entry: FeedbackSeed = {
        id: f.id,
        type: f.type,
        feedback: f.feedback,
        user_id: f.user_id,
        source: extra.source ?? null,
        widget_id: extra.widget_id ?? null,
        created_at: f.created_at,
        updated_at: f.updated_at,
      };
      ctx.journal.append(PART.feedback, entry);
      tick();
    }
    s.feedback_done = true;
    checkpoint(true);
  }
}

/** Pages of `GET /posts` from the cursor on, ordered by id so pages stay put while the crawl runs. */
async function listPosts(
  ctx: CrawlContext,
  filter: PostListQuery,
  cursor: { skip: number; total: number | null },
  each: (post: Post) => void,
  checkpoint: (force?: boolean) => void,
): Promise<void> {
  for (;;) {
    const page: CallResult<'posts.list'> = await ctx.client.call('posts.list', {
      query: { ...filter, order_by: 'id', order_direction: 'asc', limit: PAGE_SIZE, skip: cursor.skip },
    });
    for (const post of page.data) each(post as Post);
    cursor.skip += page.data.length;
    cursor.total = page.total;
    checkpoint();
    if (!page.hasMore || page.data.length === 0) return;
  }
}

function postLine(ctx: CrawlContext, p: Post, tabId: number | null): PostLine {
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

/** The export gives sections and articles (all of them, whatever their moderation); the tab's list gives the approved articles' details. */
async function crawlKbTab(
  ctx: CrawlContext,
  tabId: number,
  checkpoint: (force?: boolean) => void,
  tick: (n?: number) => void,
): Promise<void> {
  const s = ctx.journal.state;
  const zipPath = path.join(ctx.dir, `kb-tab-${tabId}.zip`);
  if (s.kb[tabId]?.done) return;
  ctx.progress.step(`knowledge base tab ${tabId}`);
  if (!s.kb[tabId]) {
    const endpoint = endpoints['knowledgebase.export'];
    const res = await ctx.client.send(endpoint.method, buildPath(endpoint.path) + encodeQuery({ tab_id: tabId }), {
      headers: { accept: 'application/zip, application/json' },
    });
    const slug = slugFromDisposition(String(res.headers['content-disposition'] ?? ''));
    await saveToFile(res.body, zipPath);
    const archive = await readKbArchive(zipPath, tabId);
    s.kb[tabId] = {
      id: tabId,
      slug: slug ?? `tab-${tabId}`,
      description: archive.description,
      sections: archive.sections,
      listed: 0,
      done: false,
      unlisted: [],
    };
    checkpoint(true);
  }
  const tab = s.kb[tabId];
  const { articles } = await readKbArchive(zipPath, tabId);
  const cursor = { skip: tab.listed, total: null as number | null };
  await listPosts(
    ctx,
    { tab: tab.slug },
    cursor,
    (post) => {
      const line = postLine(ctx, post, tabId);
      const article = articles.get(post.id);
      if (article)
        Object.assign(line.post, {
          slug: article.slug,
          sort_order: article.sort_order ?? undefined,
          section_id: article.section_id,
        });
      ctx.journal.append(PART.posts, line);
      tab.listed = cursor.skip;
      tick();
    },
    (force) => {
      tab.listed = cursor.skip;
      checkpoint(force);
    },
  );
  const listed = new Set<string>();
  for await (const { record } of ctx.journal.read<PostLine>(PART.posts))
    if (record.post.tab_id === tabId) listed.add(record.post.key);
  tab.unlisted = [...articles.values()].filter((a) => !listed.has(a.key));
  tab.done = true;
  checkpoint(true);
}

type KbArticleInfo = KbTabState['unlisted'][number];

async function readKbArchive(zipPath: string, tabId: number) {
  const { readArchive } = await import('../../kb/read-archive.js');
  const parsed = await readArchive(zipPath);
  const sectionIds = new Map<string, number>();
  for (const sec of parsed.sections) if (sec.id !== null) sectionIds.set(sec.path, sec.id);
  const sections = parsed.sections.flatMap((sec) =>
    sec.id === null
      ? []
      : [
          {
            id: sec.id,
            tab_id: tabId,
            slug: path.posix.basename(sec.path),
            name: sec.name,
            parent_id: sec.parentPath === null ? null : (sectionIds.get(sec.parentPath) ?? null),
            description: sec.description,
            ...(sec.sort_order === null ? {} : { sort_order: sec.sort_order }),
          },
        ],
  );
  const articles = new Map<string, KbArticleInfo>();
  for (const a of parsed.articles) {
    if (a.id === null) continue;
    articles.set(a.id, {
      key: a.id,
      title: a.title,
      body: a.body,
      section_id: a.sectionPath === null ? null : (sectionIds.get(a.sectionPath) ?? null),
      slug: path.posix.basename(a.path).replace(/\.md$/i, ''),
      sort_order: a.sort_order,
    });
  }
  return { description: parsed.rootDescription ?? '', sections, articles };
}

/** `attachment; filename="help.zip"` (or the RFC 5987 form) → `help`. */
export function slugFromDisposition(header: string): string | undefined {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1]).replace(/\.zip$/i, '');
  const plain = /filename="([^"]*)"/i.exec(header) ?? /filename=([^;]+)/i.exec(header);
  return plain ? plain[1].trim().replace(/\.zip$/i, '') : undefined;
}

function recordModerationItem(ctx: CrawlContext, item: ModerationItem, consumed: Set<string>): void {
  ctx.users.see(item.author);
  if (item.type === 'comment') {
    const line: ModeratedCommentLine = {
      id: item.id,
      post_key: item.post.id,
      moderated_by: item.moderated_by,
      moderated_at: item.moderated_at,
    };
    ctx.journal.append(PART.moderatedComments, line);
    return;
  }
  const article = findUnlisted(ctx.journal.state, item.id);
  if (!has(ctx.journal.state, 'posts') && !article) return;
  const line: PostLine = {
    post: {
      key: item.id,
      database_id: item.database_id,
      title: item.title,
      // The queues show an excerpt only; an article's full body comes from its export.
      description: article?.article.body ?? item.excerpt,
      author_id: item.author.id,
      tab_id: article?.tab ?? null,
      section_id: article?.article.section_id ?? null,
      moderation_status: item.moderation_status,
      created_at: item.created_at,
      moderated_by: item.moderated_by,
      moderated_at: item.moderated_at,
      ...(article
        ? {
            slug: article.article.slug,
            ...(article.article.sort_order === null ? {} : { sort_order: article.article.sort_order }),
          }
        : {}),
    },
    comments_count: null,
  };
  if (article) consumed.add(item.id);
  ctx.journal.append(PART.posts, line);
}

function findUnlisted(
  s: CrawlState,
  key: string,
): { tab: number; article: KbTabState['unlisted'][number] } | undefined {
  for (const tab of Object.values(s.kb)) {
    const article = tab.unlisted.find((a) => a.key === key);
    if (article) return { tab: tab.id, article };
  }
  return undefined;
}

/** Articles that neither the tab's list nor a moderation queue showed: kept, with what the export tells. */
function writeUnlistedArticles(ctx: CrawlContext, consumed: Set<string>): void {
  const s = ctx.journal.state;
  for (const tab of Object.values(s.kb)) {
    for (const a of tab.unlisted) {
      if (consumed.has(a.key)) continue;
      ctx.users.see({ id: UNKNOWN_AUTHOR, name: 'Unknown author' });
      ctx.journal.append(PART.posts, {
        post: {
          key: a.key,
          title: a.title,
          description: a.body,
          author_id: UNKNOWN_AUTHOR,
          tab_id: tab.id,
          section_id: a.section_id,
          slug: a.slug,
          ...(a.sort_order === null ? {} : { sort_order: a.sort_order }),
        },
        comments_count: null,
      } satisfies PostLine);
    }
    tab.unlisted = [];
  }
}

/** The author given to articles whose author no answer names. */
export const UNKNOWN_AUTHOR = '00000000-0000-4000-8000-000000000000';

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

async function crawlComments(
  ctx: CrawlContext,
  checkpoint: (force?: boolean) => void,
  tick: (n?: number, remaining?: number) => void,
): Promise<void> {
  const s = ctx.journal.state;
  const moderated = new Map<number, ModeratedCommentLine>();
  const queued = new Set<string>();
  for await (const { record } of ctx.journal.read<ModeratedCommentLine>(PART.moderatedComments)) {
    moderated.set(record.id, record);
    queued.add(record.post_key);
  }
  const wanted = (line: PostLine) =>
    line.comments_count === null || line.comments_count > 0 || queued.has(line.post.key);

  let remaining = 0;
  for await (const { record } of ctx.journal.read<PostLine>(PART.posts, s.comments.offset))
    if (wanted(record)) remaining++;

  for await (const { record, end } of ctx.journal.read<PostLine>(PART.posts, s.comments.offset)) {
    if (wanted(record)) {
      let comments: Comment[] = [];
      try {
        comments = (await ctx.client.call('comments.list', { params: { key: record.post.key } })).data;
      } catch (err) {
        // Deleted while the crawl ran: its comments went with it.
        if (!(err instanceof ApiError && err.status === 404)) throw err;
        s.comments.skipped_posts++;
      }
      for (const c of comments) {
        if (c.id === null) continue;
        ctx.users.see(c.author);
        const mod = moderated.get(c.id);
        const seed: CommentSeed = {
          id: c.id,
          post_key: record.post.key,
          user_id: c.author.id,
          comment: c.comment,
          parent_id: c.parent_id,
          moderation_status: c.moderation_status ?? 'approved',
          pinned_to_top: c.pinned_to_top,
          tagged_for_changelog: c.tagged_for_changelog,
          votes_count: c.votes_count,
          ...(c.created_at ? { created_at: c.created_at } : {}),
          ...(c.updated_at ? { updated_at: c.updated_at } : {}),
          ...(mod ? { moderated_by: mod.moderated_by, moderated_at: mod.moderated_at } : {}),
        };
        ctx.journal.append(PART.comments, seed);
        s.comments.written++;
      }
      s.comments.posts_read++;
      remaining--;
      tick(comments.length, remaining);
    }
    s.comments.offset = end;
    checkpoint();
  }

  const inSnapshot = new Set<string>();
  for await (const { record } of ctx.journal.read<PostLine>(PART.posts)) inSnapshot.add(record.post.key);
  s.comments_outside = [...moderated.values()].filter((m) => !inSnapshot.has(m.post_key)).length;
}
