import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as z from 'zod';
import { nameKey } from '../../../contract/name-key.js';
import { CATEGORY_PALETTE, slugify } from '../../../seed-file/derived-fields.js';
import {
  CommentSeed,
  SeedFileSchema,
  type CategoryRecord,
  type CommentRecord,
  type FeedbackRecord,
  type GroupRecord,
  type PortalData,
  type PostRecord,
  type SectionRecord,
  type ServerState,
  type UserRecord,
  type UserVoteRecord,
  UserVoteSeed,
} from '../../../seed-file/seed-file.js';

/** A seed file's text: read whole, then decoded at once (faster than reading it as text, on a large seed). */
export function readText(path: string): string {
  return readSeedBytes(path).toString('utf8');
}

/** A seed file's bytes; a file that cannot be read is a SeedError naming it. */
export function readSeedBytes(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (err) {
    throw new SeedError([`${path}: cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`]);
  }
}

/** A seed file's text as a document; text that is not JSON is a SeedError naming the file. */
export function parseSeedText(path: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new SeedError([`${path}: not valid JSON (${(err as Error).message})`]);
  }
}

export class SeedError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid seed:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'SeedError';
  }
}

/** `portals[0].posts[3].author_id` from a zod path. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const seg of path) out += typeof seg === 'number' ? `[${seg}]` : out ? `.${String(seg)}` : String(seg);
  return out || '(root)';
}

function nextId(used: Iterable<number>): () => number {
  let max = 0;
  for (const n of used) if (n > max) max = n;
  return () => ++max;
}

type Parsed = z.output<typeof SeedFileSchema>;
type PortalSeed = Parsed['portals'][number];
type Path = (string | number)[];
/** Records a problem at a path of the seed. */
type Problem = (path: Path, message: string) => void;

/**
 * Reports each repeated value of `key` among `items` at `base.coll[i].field`.
 * Numbers given in ascending order (ids of a generated or dumped seed) cannot
 * repeat: no set is needed for them.
 */
function unique<T>(
  items: T[],
  key: (t: T) => unknown,
  where: { base: Path; coll: string; field: string },
  at: Problem,
) {
  let last = -Infinity;
  const ascending = items.every((item) => {
    const v = key(item);
    if (v === undefined) return true;
    if (typeof v !== 'number' || !(v > last)) return false;
    last = v;
    return true;
  });
  if (ascending) return;
  const seen = new Set<unknown>();
  items.forEach((item, i) => {
    const v = key(item);
    if (v === undefined) return;
    if (seen.has(v)) at([...where.base, where.coll, i, where.field], `duplicate ${where.field} ${JSON.stringify(v)}`);
    seen.add(v);
  });
}

/**
 * Validate a seed (or data) document and fill every default. Problems are
 * collected and reported together, each with the exact path.
 */
export function loadSeed(raw: unknown, now: Date = new Date()): ServerState {
  const parsed = SeedFileSchema.safeParse(raw);
  if (!parsed.success) {
    throw new SeedError(parsed.error.issues.map((i: z.core.$ZodIssue) => `${formatPath(i.path)}: ${i.message}`));
  }
  const problems: string[] = [];
  const at: Problem = (path, msg) => problems.push(`${formatPath(path)}: ${msg}`);
  const nowIso = now.toISOString();
  const portalId = portalIdsOf(parsed.data, at);
  const shared: Shared = { hosts: new Map(), tokens: new Map(), defaults: [] };
  const portals = parsed.data.portals.map((p, pi) => {
    checkShared(p, pi, shared, at);
    return fillPortal(p, { base: ['portals', pi], at, nowIso, portalId });
  });
  const { defaults } = shared;
  if (defaults.length > 1) at(['portals', defaults[1], 'default'], 'only one portal can be the default');
  if (problems.length) throw new SeedError(problems);
  if (defaults.length === 0) portals[0].default = true;
  return { format: 1, portals };
}

/**
 * Given portal ids must be unique; portals without one count on past the
 * highest given one, so an id never names two portals.
 */
function portalIdsOf(seed: Parsed, at: Problem): () => number {
  const ids = new Set<number>();
  seed.portals.forEach((p, pi) => {
    if (p.id === undefined) return;
    if (ids.has(p.id)) at(['portals', pi, 'id'], `duplicate id ${p.id}`);
    ids.add(p.id);
  });
  return nextId(ids);
}

/** What no two portals may share (a host, an API key token), and which portals are marked default. */
interface Shared {
  hosts: Map<string, number>;
  tokens: Map<string, number>;
  defaults: number[];
}

function checkShared(p: PortalSeed, pi: number, shared: Shared, at: Problem): void {
  p.hosts.forEach((h, hi) => {
    const host = h.toLowerCase();
    if (shared.hosts.has(host))
      at(['portals', pi, 'hosts', hi], `host "${h}" is already used by portals[${shared.hosts.get(host)}]`);
    else shared.hosts.set(host, pi);
  });
  p.api_keys.forEach((k, ki) => {
    if (shared.tokens.has(k.token))
      at(['portals', pi, 'api_keys', ki, 'token'], `token is already used by portals[${shared.tokens.get(k.token)}]`);
    else shared.tokens.set(k.token, pi);
  });
  if (p.default) shared.defaults.push(pi);
}

interface PortalContext {
  base: Path;
  at: Problem;
  nowIso: string;
  portalId: () => number;
}

/** What the items of a portal may refer to, once those are filled. */
interface Known {
  userIds: Set<string>;
  tabIds: Set<number>;
  sectionIds: Set<number>;
  statusIds: Set<number>;
  tagIds: Set<string>;
  categoryIds: Set<number>;
  postKeys: Set<string>;
}

/** One portal: each collection checked against what it refers to, and its defaults filled. */
function fillPortal(p: PortalSeed, ctx: PortalContext): PortalData {
  const { base, at, nowIso } = ctx;
  const dup = <T>(items: T[], key: (t: T) => unknown, coll: string, field: string) =>
    unique(items, key, { base, coll, field }, at);
  const users = fillUsers(p, dup, nowIso);
  const { known, sections } = fillTaxonomy(p, ctx, dup);
  known.userIds = new Set(users.map((u) => u.id));
  const categories = fillCategories(p, dup);
  known.categoryIds = new Set(categories.map((c) => c.id));
  const groups = fillGroups(p, known, ctx, dup);
  const posts = fillPosts(p, known, ctx, dup);
  known.postKeys = new Set(posts.map((x) => x.key));
  dup(p.comments, (c) => c.id, 'comments', 'id');
  const comments = fillComments(p.comments, known, nowIso, (i, field, msg) => at([...base, 'comments', i, field], msg));
  const feedback = fillFeedback(p, known, ctx, dup);
  checkPostReferences(p, known, ctx, dup);
  const user_votes = fillUserVotes(p.user_votes, { ...known, nowIso }, (i, field, msg) =>
    at([...base, 'user_votes', i, field], msg),
  );
  dup(user_votes, (v) => v.id, 'user_votes', 'id');
  checkCommentVotes(p, comments, ctx);
  const { widgets, product_vision } = fillWidgetsAndVision(p, known, ctx, dup);
  return {
    ...p,
    id: p.id ?? ctx.portalId(),
    hosts: p.hosts.map((h) => h.toLowerCase()),
    guid: p.guid ?? randomUUID(),
    users,
    sections,
    categories,
    groups,
    posts,
    comments,
    feedback,
    user_votes,
    widgets,
    product_vision,
  };
}

/** Widgets name a tab of the portal or none (D-WIDGETS); the vision's id and times are filled (D-PRODUCT-VISION). */
function fillWidgetsAndVision(
  p: PortalSeed,
  known: Known,
  ctx: PortalContext,
  dup: Dup,
): Pick<PortalData, 'widgets' | 'product_vision'> {
  dup(p.widgets, (w) => w.id.toLowerCase(), 'widgets', 'id');
  const widgets = p.widgets.map((w, i) => {
    if (w.tab_id !== null && !known.tabIds.has(w.tab_id)) ctx.at([...ctx.base, 'widgets', i, 'tab_id'], 'unknown tab');
    const created = w.created_at ?? ctx.nowIso;
    return { ...w, created_at: created, updated_at: w.updated_at ?? created };
  });
  const v = p.product_vision;
  const created = v?.created_at ?? ctx.nowIso;
  const product_vision = v ? { ...v, id: v.id ?? 1, created_at: created, updated_at: v.updated_at ?? created } : null;
  return { widgets, product_vision };
}

type Dup = <T>(items: T[], key: (t: T) => unknown, coll: string, field: string) => void;

function fillUsers(p: PortalSeed, dup: Dup, nowIso: string): UserRecord[] {
  dup(p.users, (u) => u.id, 'users', 'id');
  dup(p.users, (u) => u.database_id, 'users', 'database_id');
  const userDbId = nextId(p.users.map((u) => u.database_id ?? 0));
  return p.users.map((u) => ({ ...u, database_id: u.database_id ?? userDbId(), created_at: u.created_at ?? nowIso }));
}

/**
 * Tabs, sections, statuses and tags: their ids must be unique, and what they
 * name known; sections get their order.
 */
function fillTaxonomy(p: PortalSeed, ctx: PortalContext, dup: Dup): { known: Known; sections: SectionRecord[] } {
  const at = (message: string, ...path: (string | number)[]) => ctx.at([...ctx.base, ...path], message);
  dup(p.tabs, (t) => t.id, 'tabs', 'id');
  dup(p.tabs, (t) => t.slug, 'tabs', 'slug');
  const tabIds = new Set(p.tabs.map((t) => t.id));
  dup(p.sections, (s) => s.id, 'sections', 'id');
  const sectionIds = new Set(p.sections.map((s) => s.id));
  const sections = p.sections.map((s, i) => {
    if (!tabIds.has(s.tab_id)) at('unknown tab', 'sections', i, 'tab_id');
    if (s.parent_id !== null && !sectionIds.has(s.parent_id)) at('unknown section', 'sections', i, 'parent_id');
    return { ...s, sort_order: s.sort_order ?? i + 1 };
  });
  dup(p.statuses, (s) => s.id, 'statuses', 'id');
  p.statuses.forEach((s, i) => {
    if (s.tab_id !== null && !tabIds.has(s.tab_id)) at('unknown tab', 'statuses', i, 'tab_id');
  });
  dup(p.tags, (t) => t.id, 'tags', 'id');
  const known: Known = {
    userIds: new Set(),
    tabIds,
    sectionIds,
    statusIds: new Set(p.statuses.map((s) => s.id)),
    tagIds: new Set(p.tags.map((t) => t.id)),
    categoryIds: new Set(),
    postKeys: new Set(),
  };
  return { known, sections };
}

/** Names compare by their key (D-NAME-KEY); a category without a colour gets the palette's next. */
function fillCategories(p: PortalSeed, dup: Dup): CategoryRecord[] {
  dup(p.categories, (c) => c.id, 'categories', 'id');
  dup(p.categories, (c) => nameKey(c.name), 'categories', 'name');
  const catId = nextId(p.categories.map((c) => c.id ?? 0));
  return p.categories.map((c, i) => ({
    ...c,
    id: c.id ?? catId(),
    color: c.color ?? CATEGORY_PALETTE[i % CATEGORY_PALETTE.length],
    sort_order: c.sort_order ?? i + 1,
  }));
}

function fillGroups(p: PortalSeed, known: Known, ctx: PortalContext, dup: Dup): GroupRecord[] {
  dup(p.groups, (g) => g.id, 'groups', 'id');
  dup(p.groups, (g) => nameKey(g.name), 'groups', 'name');
  return p.groups.map((g, i) => {
    g.user_ids.forEach((u, ui) => {
      if (!known.userIds.has(u)) ctx.at([...ctx.base, 'groups', i, 'user_ids', ui], 'unknown user');
    });
    return {
      ...g,
      user_ids: [...new Set(g.user_ids)],
      id: g.id ?? randomUUID(),
      created_at: g.created_at ?? ctx.nowIso,
      updated_at: g.updated_at ?? g.created_at ?? ctx.nowIso,
    };
  });
}

function fillPosts(p: PortalSeed, known: Known, ctx: PortalContext, dup: Dup): PostRecord[] {
  dup(p.posts, (x) => x.key, 'posts', 'key');
  dup(p.posts, (x) => x.database_id, 'posts', 'database_id');
  const postDbId = nextId(p.posts.map((x) => x.database_id ?? 0));
  return p.posts.map((x, i) => {
    // The path is made only for a problem: most seeds have none, and many posts.
    const at = (message: string, ...rest: (string | number)[]) => ctx.at([...ctx.base, 'posts', i, ...rest], message);
    if (!known.userIds.has(x.author_id)) at('unknown user', 'author_id');
    if (x.tab_id !== null && !known.tabIds.has(x.tab_id)) at('unknown tab', 'tab_id');
    if (x.section_id !== null && !known.sectionIds.has(x.section_id)) at('unknown section', 'section_id');
    if (x.status_id !== null && !known.statusIds.has(x.status_id)) at('unknown status', 'status_id');
    for (let ci = 0; ci < x.category_ids.length; ci++)
      if (!known.categoryIds.has(x.category_ids[ci])) at('unknown category', 'category_ids', ci);
    for (let ti = 0; ti < x.tag_ids.length; ti++)
      if (!known.tagIds.has(x.tag_ids[ti])) at('unknown tag', 'tag_ids', ti);
    // Filled in place: the parsed seed is ours, and a copy of each of many posts costs.
    const post = x as PostRecord;
    const created = x.created_at ?? ctx.nowIso;
    post.database_id = x.database_id ?? postDbId();
    post.slug = x.slug ?? slugify(x.title);
    post.sort_order = x.sort_order ?? i + 1;
    post.created_at = created;
    post.updated_at = x.updated_at ?? created;
    post.latest_status_change_at = x.latest_status_change_at ?? created;
    return post;
  });
}

/** A given feedback id is kept (duplicates are reported); a missing one is the first fb-N no feedback was given. */
function fillFeedback(p: PortalSeed, known: Known, ctx: PortalContext, dup: Dup): FeedbackRecord[] {
  dup(p.feedback, (f) => f.id, 'feedback', 'id');
  let fbSeq = 0;
  const givenFeedbackIds = new Set(p.feedback.map((f) => f.id));
  return p.feedback.map((f, i) => {
    if (f.user_id !== null && !known.userIds.has(f.user_id))
      ctx.at([...ctx.base, 'feedback', i, 'user_id'], 'unknown user');
    const created = f.created_at ?? ctx.nowIso;
    let id = f.id;
    while (!id || (id !== f.id && givenFeedbackIds.has(id))) id = `fb-${++fbSeq}`;
    return { ...f, id, created_at: created, updated_at: f.updated_at ?? created };
  });
}

/** References and anonymous votes name a post of the portal. */
function checkPostReferences(p: PortalSeed, known: Known, ctx: PortalContext, dup: Dup): void {
  dup(p.references, (r) => r.id, 'references', 'id');
  p.references.forEach(
    (r, i) => known.postKeys.has(r.post_key) || ctx.at([...ctx.base, 'references', i, 'post_key'], 'unknown post'),
  );
  p.anonymous_votes.forEach(
    (v, i) => known.postKeys.has(v.post_key) || ctx.at([...ctx.base, 'anonymous_votes', i, 'post_key'], 'unknown post'),
  );
}

/** Anonymous votes on comments name a comment of the portal, once per comment and anonymous id. */
function checkCommentVotes(p: PortalSeed, comments: CommentRecord[], ctx: PortalContext): void {
  const ids = new Set(comments.map((c) => c.id));
  const pairs = new Set<string>();
  p.comment_votes.forEach((v, i) => {
    const at = (field: string, message: string) => ctx.at([...ctx.base, 'comment_votes', i, field], message);
    if (!ids.has(v.comment_id)) at('comment_id', 'unknown comment');
    const pair = JSON.stringify([v.comment_id, v.anonymous_id]);
    if (pairs.has(pair)) at('anonymous_id', 'the anonymous user already voted for this comment');
    pairs.add(pair);
  });
}

/** Votes of named users: each names a post and a user of the portal, once per pair; ids count on past the given ones. */
function fillUserVotes(
  votes: z.output<typeof UserVoteSeed>[],
  ctx: VoteContext,
  problem: (index: number, field: string, message: string) => void,
): UserVoteRecord[] {
  const voteId = nextId(votes.map((v) => v.id ?? 0));
  const pairs = new Set<string>();
  return votes.map((v, i) => {
    if (!ctx.postKeys.has(v.post_key)) problem(i, 'post_key', 'unknown post');
    if (!ctx.userIds.has(v.user_id)) problem(i, 'user_id', 'unknown user');
    const pair = JSON.stringify([v.post_key, v.user_id]);
    if (pairs.has(pair)) problem(i, 'user_id', 'the user already voted for this post');
    pairs.add(pair);
    return { ...v, id: v.id ?? voteId(), created_at: v.created_at ?? ctx.nowIso };
  });
}

interface VoteContext {
  postKeys: Set<string>;
  userIds: Set<string>;
  nowIso: string;
}

/**
 * Fills the defaults of a portal's comments (checked by the schema) and checks
 * their references. A comment without an id gets the next after the highest
 * given one.
 */
function fillComments(
  comments: z.output<typeof CommentSeed>[],
  known: Pick<Known, 'postKeys' | 'userIds'>,
  nowIso: string,
  at: (index: number, field: string, msg: string) => void,
): CommentRecord[] {
  const nextCommentId = nextId(comments.map((c) => c.id ?? 0));
  const ids = comments.map((c) => c.id ?? nextCommentId());
  let indexById: Map<number, number> | undefined;
  return comments.map((c, i) => {
    const comment = c as CommentRecord;
    const created = c.created_at ?? nowIso;
    comment.id = ids[i];
    comment.created_at = created;
    comment.updated_at = c.updated_at ?? created;
    if (!known.postKeys.has(c.post_key)) at(i, 'post_key', 'unknown post');
    if (!known.userIds.has(c.user_id)) at(i, 'user_id', 'unknown user');
    if (c.parent_id !== null) {
      indexById ??= new Map(ids.map((id, j) => [id, j]));
      const parent = indexById.get(c.parent_id);
      if (parent === undefined) at(i, 'parent_id', 'unknown comment');
      else if (comments[parent].post_key !== c.post_key) at(i, 'parent_id', 'parent comment belongs to another post');
    }
    return comment;
  });
}
