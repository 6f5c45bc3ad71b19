import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as z from 'zod';
import { nameKey } from '../../contract/name-key.js';
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
} from './state.js';

/** A seed file's text: read whole, then decoded at once (half the time of reading it as text on a large seed). */
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

/** Colours given to categories that arrive without one, in turn. */
export const CATEGORY_PALETTE = [
  '#3b82f6',
  '#10b981',
  '#f59e0b',
  '#ef4444',
  '#8b5cf6',
  '#ec4899',
  '#14b8a6',
  '#f97316',
];

export function slugify(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'item'
  );
}

function nextId(used: Iterable<number>): () => number {
  let max = 0;
  for (const n of used) if (n > max) max = n;
  return () => ++max;
}

/**
 * Validate a seed (or data) document and fill every default. Problems are
 * collected and reported together, each with the exact path.
 */
/**
 * A seed whose last comments are loaded apart from the rest (in another
 * thread, see comment-loader.ts): the comments of `portals[portal]` in the
 * document are only the first of them.
 */
export interface CommentSplit {
  portal: number;
  /** The highest id given to the other comments (asked only when one of the first has none). */
  restHighestId(): number;
}

type Raw = Record<string, unknown>;
const isRecord = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The id a comment was given in the seed, if any. */
export const givenCommentId = (c: unknown): number | undefined =>
  isRecord(c) && typeof c.id === 'number' ? c.id : undefined;

/**
 * The id each comment ends up with: its own, or (in order) the next after the
 * highest given one, also counting `highestElsewhere` (comments loaded apart).
 */
function commentIds(comments: unknown[], highestElsewhere?: () => number): number[] {
  const given = comments.map(givenCommentId);
  const elsewhere = highestElsewhere && given.includes(undefined) ? highestElsewhere() : 0;
  const next = nextId([...given.map((id) => id ?? 0), elsewhere]);
  return given.map((id) => id ?? next());
}

/**
 * Validate a seed (or data) document and fill every default. Problems are
 * collected and reported together, each with the exact path. With `split`,
 * the portal it names has only the first of its comments in `raw`, the others
 * are checked (with `loadSplitComments`) elsewhere: a reference from one part
 * to the other, or an id in both, is then found late or reported in other
 * words, so callers load the whole seed again for the message of any problem.
 */
export function loadSeed(raw: unknown, now: Date = new Date(), split?: CommentSplit): ServerState {
  const parsed = SeedFileSchema.safeParse(raw);
  if (!parsed.success) {
    throw new SeedError(parsed.error.issues.map((i: z.core.$ZodIssue) => `${formatPath(i.path)}: ${i.message}`));
  }
  const problems: string[] = [];
  const at = (path: (string | number)[], msg: string) => problems.push(`${formatPath(path)}: ${msg}`);
  const nowIso = now.toISOString();

  const hosts = new Map<string, number>();
  const tokens = new Map<string, number>();
  const defaults: number[] = [];
  const portalIds = new Set<number>();
  parsed.data.portals.forEach((p, pi) => {
    if (p.id === undefined) return;
    if (portalIds.has(p.id)) at(['portals', pi, 'id'], `duplicate id ${p.id}`);
    portalIds.add(p.id);
  });
  // Portals without an id count on past the highest given one, so an id never names two portals.
  const portalId = nextId(portalIds);

  const portals: PortalData[] = parsed.data.portals.map((p, pi) => {
    const base = ['portals', pi] as (string | number)[];
    p.hosts.forEach((h, hi) => {
      const host = h.toLowerCase();
      if (hosts.has(host)) at([...base, 'hosts', hi], `host "${h}" is already used by portals[${hosts.get(host)}]`);
      else hosts.set(host, pi);
    });
    p.api_keys.forEach((k, ki) => {
      if (tokens.has(k.token))
        at([...base, 'api_keys', ki, 'token'], `token is already used by portals[${tokens.get(k.token)}]`);
      else tokens.set(k.token, pi);
    });
    if (p.default) defaults.push(pi);

    const unique = <T>(items: T[], key: (t: T) => unknown, field: string, coll: string) => {
      // Numbers given in ascending order (ids of a generated or dumped seed) cannot repeat: no set needed.
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
        if (seen.has(v)) at([...base, coll, i, field], `duplicate ${field} ${JSON.stringify(v)}`);
        seen.add(v);
      });
    };

    unique(p.users, (u) => u.id, 'id', 'users');
    unique(p.users, (u) => u.database_id, 'database_id', 'users');
    const userDbId = nextId(p.users.map((u) => u.database_id ?? 0));
    const users: UserRecord[] = p.users.map((u) => ({
      ...u,
      database_id: u.database_id ?? userDbId(),
      created_at: u.created_at ?? nowIso,
    }));
    const userIds = new Set(users.map((u) => u.id));

    unique(p.tabs, (t) => t.id, 'id', 'tabs');
    unique(p.tabs, (t) => t.slug, 'slug', 'tabs');
    const tabIds = new Set(p.tabs.map((t) => t.id));

    unique(p.sections, (s) => s.id, 'id', 'sections');
    const sectionIds = new Set(p.sections.map((s) => s.id));
    const sections: SectionRecord[] = p.sections.map((s, i) => {
      if (!tabIds.has(s.tab_id)) at([...base, 'sections', i, 'tab_id'], 'unknown tab');
      if (s.parent_id !== null && !sectionIds.has(s.parent_id))
        at([...base, 'sections', i, 'parent_id'], 'unknown section');
      return { ...s, sort_order: s.sort_order ?? i + 1 };
    });

    unique(p.statuses, (s) => s.id, 'id', 'statuses');
    p.statuses.forEach((s, i) => {
      if (s.tab_id !== null && !tabIds.has(s.tab_id)) at([...base, 'statuses', i, 'tab_id'], 'unknown tab');
    });
    const statusIds = new Set(p.statuses.map((s) => s.id));
    unique(p.tags, (t) => t.id, 'id', 'tags');
    const tagIds = new Set(p.tags.map((t) => t.id));

    unique(p.categories, (c) => c.id, 'id', 'categories');
    unique(p.categories, (c) => nameKey(c.name), 'name', 'categories');
    const catId = nextId(p.categories.map((c) => c.id ?? 0));
    const categories: CategoryRecord[] = p.categories.map((c, i) => ({
      ...c,
      id: c.id ?? catId(),
      color: c.color ?? CATEGORY_PALETTE[i % CATEGORY_PALETTE.length],
      sort_order: c.sort_order ?? i + 1,
    }));
    const categoryIds = new Set(categories.map((c) => c.id));

    unique(p.groups, (g) => g.id, 'id', 'groups');
    unique(p.groups, (g) => nameKey(g.name), 'name', 'groups');
    const groups: GroupRecord[] = p.groups.map((g, i) => {
      g.user_ids.forEach((u, ui) => {
        if (!userIds.has(u)) at([...base, 'groups', i, 'user_ids', ui], 'unknown user');
      });
      return {
        ...g,
        user_ids: [...new Set(g.user_ids)],
        id: g.id ?? randomUUID(),
        created_at: g.created_at ?? nowIso,
        updated_at: g.updated_at ?? g.created_at ?? nowIso,
      };
    });

    unique(p.posts, (x) => x.key, 'key', 'posts');
    unique(p.posts, (x) => x.database_id, 'database_id', 'posts');
    const postDbId = nextId(p.posts.map((x) => x.database_id ?? 0));
    const posts: PostRecord[] = p.posts.map((x, i) => {
      // The path is made only for a problem: most seeds have none, and many posts.
      const path = (...rest: (string | number)[]) => [...base, 'posts', i, ...rest];
      if (!userIds.has(x.author_id)) at(path('author_id'), 'unknown user');
      if (x.tab_id !== null && !tabIds.has(x.tab_id)) at(path('tab_id'), 'unknown tab');
      if (x.section_id !== null && !sectionIds.has(x.section_id)) at(path('section_id'), 'unknown section');
      if (x.status_id !== null && !statusIds.has(x.status_id)) at(path('status_id'), 'unknown status');
      for (let ci = 0; ci < x.category_ids.length; ci++)
        if (!categoryIds.has(x.category_ids[ci])) at(path('category_ids', ci), 'unknown category');
      for (let ti = 0; ti < x.tag_ids.length; ti++)
        if (!tagIds.has(x.tag_ids[ti])) at(path('tag_ids', ti), 'unknown tag');
      // Filled in place: the parsed seed is ours, and a copy of each of many posts costs.
      const post = x as PostRecord;
      const created = x.created_at ?? nowIso;
      post.database_id = x.database_id ?? postDbId();
      post.slug = x.slug ?? slugify(x.title);
      post.sort_order = x.sort_order ?? i + 1;
      post.created_at = created;
      post.updated_at = x.updated_at ?? created;
      post.latest_status_change_at = x.latest_status_change_at ?? created;
      return post;
    });
    const postKeys = new Set(posts.map((x) => x.key));

    unique(p.comments, (c) => c.id, 'id', 'comments');
    const ids = commentIds(p.comments, split?.portal === pi ? () => split.restHighestId() : undefined);
    const comments = fillComments(p.comments, 0, p.comments, ids, { postKeys, userIds, nowIso }, (i, field, msg) =>
      at([...base, 'comments', i, field], msg),
    );

    unique(p.feedback, (f) => f.id, 'id', 'feedback');
    let fbSeq = 0;
    const givenFeedbackIds = new Set(p.feedback.map((f) => f.id));
    const feedback: FeedbackRecord[] = p.feedback.map((f, i) => {
      if (f.user_id !== null && !userIds.has(f.user_id)) at([...base, 'feedback', i, 'user_id'], 'unknown user');
      const created = f.created_at ?? nowIso;
      let id = f.id;
      // A given id is kept (duplicates are reported above); a missing one is the first fb-N no feedback was given.
      while (!id || (id !== f.id && givenFeedbackIds.has(id))) id = `fb-${++fbSeq}`;
      return { ...f, id, created_at: created, updated_at: f.updated_at ?? created };
    });

    unique(p.references, (r) => r.id, 'id', 'references');
    p.references.forEach(
      (r, i) => postKeys.has(r.post_key) || at([...base, 'references', i, 'post_key'], 'unknown post'),
    );
    p.anonymous_votes.forEach(
      (v, i) => postKeys.has(v.post_key) || at([...base, 'anonymous_votes', i, 'post_key'], 'unknown post'),
    );
    const user_votes = fillUserVotes(p.user_votes, { postKeys, userIds, nowIso }, (i, field, msg) =>
      at([...base, 'user_votes', i, field], msg),
    );
    unique(user_votes, (v) => v.id, 'id', 'user_votes');

    return {
      ...p,
      id: p.id ?? portalId(),
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
    };
  });

  if (defaults.length > 1) at(['portals', defaults[1], 'default'], 'only one portal can be the default');
  if (problems.length) throw new SeedError(problems);
  if (defaults.length === 0) portals[0].default = true;
  return { format: 1, portals };
}

/** Votes of named users: each names a post and a user of the portal, once per pair; ids count on past the given ones. */
function fillUserVotes(
  votes: z.output<typeof UserVoteSeed>[],
  ctx: CommentContext,
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

interface CommentContext {
  postKeys: Set<string>;
  userIds: Set<string>;
  nowIso: string;
}

/**
 * Fills the defaults of comments `part` (checked by the schema), which start at
 * index `offset` of the portal's comments `all` (whose ids are `ids`), and
 * checks their references.
 */
function fillComments(
  part: z.output<typeof CommentSeed>[],
  offset: number,
  all: Array<{ post_key?: unknown }>,
  ids: number[],
  ctx: CommentContext,
  at: (index: number, field: string, msg: string) => void,
): CommentRecord[] {
  let indexById: Map<number, number> | undefined;
  return part.map((c, k) => {
    const i = offset + k;
    const comment = c as CommentRecord;
    const created = c.created_at ?? ctx.nowIso;
    comment.id = ids[i];
    comment.created_at = created;
    comment.updated_at = c.updated_at ?? created;
    if (!ctx.postKeys.has(c.post_key)) at(i, 'post_key', 'unknown post');
    if (!ctx.userIds.has(c.user_id)) at(i, 'user_id', 'unknown user');
    if (c.parent_id !== null) {
      indexById ??= new Map(ids.map((id, j) => [id, j]));
      const parent = indexById.get(c.parent_id);
      if (parent === undefined) at(i, 'parent_id', 'unknown comment');
      else if (all[parent].post_key !== c.post_key) at(i, 'parent_id', 'parent comment belongs to another post');
    }
    return comment;
  });
}

/** What the thread loading a seed's last comments (see `CommentSplit`) needs of the rest of the seed. */
export interface CommentsBefore {
  portal: number;
  /** Of the portal: the keys of its posts and the ids of its users, as given. */
  postKeys: string[];
  userIds: string[];
  /** Of each comment before: the id it was given (null: none) and its post. */
  ids: Array<number | null>;
  commentPostKeys: unknown[];
}

/** `CommentsBefore` of `portals[index]` as given in a seed, whose comments are those before the split. */
export function commentsBefore(portal: unknown, index: number): CommentsBefore {
  const p = isRecord(portal) ? portal : {};
  const list = (items: unknown) => (Array.isArray(items) ? items : []);
  const strings = (items: unknown, field: string) =>
    list(items).flatMap((item) => (isRecord(item) && typeof item[field] === 'string' ? [item[field] as string] : []));
  const comments = list(p.comments);
  return {
    portal: index,
    postKeys: strings(p.posts, 'key'),
    userIds: strings(p.users, 'id'),
    ids: comments.map((c) => givenCommentId(c) ?? null),
    commentPostKeys: comments.map((c) => (isRecord(c) ? c.post_key : undefined)),
  };
}

/** The comments after a split, checked by the schema (a SeedError otherwise, its paths counted from the split). */
export function parseSplitComments(raw: unknown[]): z.output<typeof CommentSeed>[] {
  const parsed = z.array(CommentSeed).safeParse(raw);
  if (parsed.success) return parsed.data;
  throw new SeedError(parsed.error.issues.map((i) => `comments after the split${formatPath(i.path)}: ${i.message}`));
}

/**
 * The comments after a split (`parseSplitComments`), filled and checked as
 * `loadSeed` does with the whole seed, against `before`. Throws a SeedError on
 * any problem.
 */
export function loadSplitComments(
  comments: z.output<typeof CommentSeed>[],
  before: CommentsBefore,
  now: Date = new Date(),
): CommentRecord[] {
  const offset = before.ids.length;
  const all: Array<{ id?: number; post_key?: unknown }> = before.ids.map((id, i) => ({
    id: id ?? undefined,
    post_key: before.commentPostKeys[i],
  }));
  for (const c of comments) all.push(c);
  const problems: string[] = [];
  const filled = fillComments(
    comments,
    offset,
    all,
    commentIds(all),
    { postKeys: new Set(before.postKeys), userIds: new Set(before.userIds), nowIso: now.toISOString() },
    (i, field, msg) => problems.push(`portals[${before.portal}].comments[${i}].${field}: ${msg}`),
  );
  if (problems.length) throw new SeedError(problems);
  return filled;
}
