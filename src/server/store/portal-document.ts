import type { Sql } from './sql.js';
import type { GroupRecord, PortalData, PortalSettings, PostRecord, UserRecord } from '../../seed-file/seed-file.js';
import {
  API_KEYS,
  CATEGORIES,
  COMMENT_VOTES,
  COMMENTS,
  EVENTS,
  FEEDBACK,
  GROUPS,
  bulkInsert,
  bulkInsertRecords,
  POST_SELECT,
  POSTS,
  postFromRow,
  PRODUCT_VISIONS,
  REFERENCES,
  SAVED_QUERIES,
  SECTIONS,
  STATUSES,
  TABS,
  TAGS,
  USER_VOTES,
  USERS,
  VOTES,
  WIDGETS,
  type TableSpec,
} from './tables.js';

/** Per-portal id counters: each only grows, so an id once handed out is never handed out again. */
export type SequenceName =
  | 'users'
  | 'posts'
  | 'comments'
  | 'categories'
  | 'references'
  | 'feedback'
  | 'user_votes'
  | 'statuses'
  | 'tags'
  | 'product_visions';

/**
 * The `portal_id` of counters that span the store: section ids are unique across
 * portals, so their counter is the store's (and a reset of one portal never
 * takes it back).
 */
export const STORE_SEQUENCES = 0;

/** n of a feedback id `fb-<n>`, or 0 for an id of another form. */
const feedbackNumber = (id: string): number => (/^fb-\d+$/.test(id) ? Number(id.slice(3)) : 0);

/** Keeps the store's section counter at or above every section id of the portals. */
function raiseSectionCounter(sql: Sql, portals: PortalData[]): void {
  let highest = 0;
  for (const p of portals) for (const s of p.sections) highest = Math.max(highest, s.id);
  sql.run(
    "INSERT INTO sequences (portal_id, name, last) VALUES (?, 'sections', ?) ON CONFLICT DO UPDATE SET last = max(last, excluded.last)",
    [STORE_SEQUENCES, highest],
  );
}

const SETTING_KEYS = [
  'title',
  'localization',
  'editor_type',
  'moderate_comments',
  'jira_enabled',
  'jira_sync_status',
  'linear_enabled',
  'jira_domain',
] as const;

/** The highest id of each counted kind in a portal document. */
function sequenceStarts(p: PortalData): Record<SequenceName, number> {
  const max = (ns: number[]) => ns.reduce((a, b) => Math.max(a, b), 0);
  return {
    users: max(p.users.map((u) => u.database_id)),
    posts: max(p.posts.map((x) => x.database_id)),
    comments: max(p.comments.map((c) => c.id)),
    categories: max(p.categories.map((c) => c.id)),
    references: max(p.references.map((r) => r.id)),
    feedback: max(p.feedback.map((f) => feedbackNumber(f.id))),
    user_votes: max(p.user_votes.map((v) => v.id)),
    statuses: max(p.statuses.map((s) => s.id)),
    // New tag ids are digits: the counter starts past the highest id of digits only.
    tags: max(p.tags.flatMap((t) => (/^\d+$/.test(t.id) ? [Number(t.id)] : []))),
    product_visions: p.product_vision?.id ?? 0,
  };
}

/**
 * Writes whole portals (a loaded seed) into an empty database; the caller holds
 * the transaction. The secondary indexes are built once the rows are in, which
 * is far cheaper than keeping them up to date row by row.
 */
export function insertPortals(sql: Sql, portals: PortalData[]): void {
  const insert = () => {
    for (const p of portals) {
      sql.run('INSERT INTO portals (id, guid, is_default, settings) VALUES (?, ?, ?, ?)', [
        p.id,
        p.guid,
        p.default ? 1 : 0,
        settingsJson(p),
      ]);
      insertContent(sql, p);
    }
  };
  inBulk(
    sql,
    true,
    portals.map((p) => p.id),
    insert,
  );
  raiseSectionCounter(sql, portals);
}

const settingsJson = (p: PortalData) => JSON.stringify(Object.fromEntries(SETTING_KEYS.map((k) => [k, p[k]])));

function insertContent(sql: Sql, p: PortalData): void {
  for (const host of p.hosts) sql.run('INSERT INTO portal_hosts (host, portal_id) VALUES (?, ?)', [host, p.id]);
  insertCollections(sql, p);
  for (const [name, last] of Object.entries(sequenceStarts(p))) {
    sql.run('INSERT INTO sequences (portal_id, name, last) VALUES (?, ?, ?)', [p.id, name, last]);
  }
}

/**
 * Runs `insert` with the counting triggers set aside (the bulk insert fills the
 * counters itself, and the posts of the given portals are tallied after it) and,
 * with `withoutIndexes`, the secondary indexes dropped and built again after it.
 * Partial indexes stay: they hold few of the rows (replies, comments awaiting
 * moderation), so keeping them up to date costs less than a scan of the whole
 * table to build them.
 */
function inBulk(sql: Sql, withoutIndexes: boolean, portalIds: number[], insert: () => void): void {
  const triggers = sql.all<{ name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'");
  const indexes = withoutIndexes
    ? sql
        .all<{ name: string; sql: string }>(
          "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL",
        )
        .filter((i) => !/\bWHERE\b/i.test(i.sql))
    : [];
  for (const t of triggers) sql.exec(`DROP TRIGGER ${t.name}`);
  for (const i of indexes) sql.exec(`DROP INDEX ${i.name}`);
  insert();
  for (const i of indexes) sql.exec(i.sql);
  for (const id of portalIds) {
    sql.run('DELETE FROM post_counts WHERE portal_id = ?', [id]);
    sql.run(
      'INSERT INTO post_counts SELECT portal_id, moderation_status, coalesce(tab_id, 0), count(*) FROM posts WHERE portal_id = ? GROUP BY 1, 2, 3',
      [id],
    );
  }
  for (const t of triggers) sql.exec(t.sql);
}

/**
 * What the counting triggers would have made of a whole portal: comments, posts, votes and votes on their comments per user, approved
 * comments, latest vote, knowledge-base tab and author name per post.
 */
function counters(p: PortalData) {
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const userPosts = new Map<string, number>();
  const latestVote = new Map<string, number>();
  const userComments = new Map<string, number>();
  const approved = new Map<string, number>();
  for (const c of p.comments) {
    count(userComments, c.user_id);
    if (c.moderation_status === 'approved') count(approved, c.post_key);
  }
  for (const x of p.posts) count(userPosts, x.author_id);
  const userCommentVotes = new Map<string, number>();
  for (const c of p.comments)
    if (c.votes_count) userCommentVotes.set(c.user_id, (userCommentVotes.get(c.user_id) ?? 0) + c.votes_count);
  const userVotes = new Map<string, number>();
  for (const v of [...p.anonymous_votes, ...p.user_votes]) {
    const at = Date.parse(v.created_at);
    if (!(latestVote.get(v.post_key)! >= at)) latestVote.set(v.post_key, at);
  }
  for (const v of p.user_votes) count(userVotes, v.user_id);
  // What the placing triggers would have kept on each post (schema migration 13).
  const kbTabs = new Set(p.tabs.filter((t) => t.type === 'knowledge_base').map((t) => t.id));
  const authorNames = new Map(p.users.map((u) => [u.id, USERS.toRow(u).name_lc]));
  return {
    users: {
      columns: ['comments_count', 'posts_count', 'votes_count', 'comment_votes_count'],
      pushValues: (out: unknown[], u: UserRecord) =>
        out.push(
          userComments.get(u.id) ?? 0,
          userPosts.get(u.id) ?? 0,
          userVotes.get(u.id) ?? 0,
          userCommentVotes.get(u.id) ?? 0,
        ),
    },
    posts: {
      columns: ['comments_count', 'latest_vote_ms', 'on_kb_tab', 'author_name_lc'],
      pushValues: (out: unknown[], x: Omit<PostRecord, 'category_ids' | 'tag_ids'>) =>
        out.push(
          approved.get(x.key) ?? 0,
          latestVote.get(x.key) ?? null,
          x.tab_id !== null && kbTabs.has(x.tab_id) ? 1 : 0,
          authorNames.get(x.author_id) ?? null,
        ),
    },
  };
}

/** A whole portal's collections in bulk (each table's rows in order), the rows that carry counters with them. */
function insertCollections(sql: Sql, p: PortalData): void {
  const each = <R>(spec: TableSpec<R>, items: R[]) => bulkInsertRecords(sql, spec, p.id, items);
  each(API_KEYS, p.api_keys);
  each(TABS, p.tabs);
  each(SECTIONS, p.sections);
  each(STATUSES, p.statuses);
  each(TAGS, p.tags);
  each(CATEGORIES, p.categories);
  each(GROUPS, p.groups);
  bulkInsert(
    sql,
    'group_members',
    ['portal_id', 'group_id', 'user_id'],
    p.groups.flatMap((g) => g.user_ids.map((u) => [p.id, g.id, u])),
  );
  each(COMMENTS, p.comments);
  each(FEEDBACK, p.feedback);
  each(REFERENCES, p.references);
  each(VOTES, p.anonymous_votes);
  each(USER_VOTES, p.user_votes);
  each(COMMENT_VOTES, p.comment_votes);
  each(SAVED_QUERIES, p.saved_queries);
  each(EVENTS, p.events);
  each(WIDGETS, p.widgets);
  each(PRODUCT_VISIONS, p.product_vision ? [p.product_vision] : []);
  const counted = counters(p);
  bulkInsertRecords(sql, USERS, p.id, p.users, counted.users);
  bulkInsertRecords(sql, POSTS, p.id, p.posts, counted.posts);
  bulkInsert(
    sql,
    'post_categories',
    ['portal_id', 'post_key', 'category_id'],
    p.posts.flatMap((x) => x.category_ids.map((c) => [p.id, x.key, c])),
  );
  bulkInsert(
    sql,
    'post_tags',
    ['portal_id', 'post_key', 'tag_id'],
    p.posts.flatMap((x) => x.tag_ids.map((t) => [p.id, x.key, t])),
  );
}

const PORTAL_TABLES = [
  'portal_hosts',
  'api_keys',
  'users',
  'tabs',
  'sections',
  'statuses',
  'tags',
  'categories',
  'groups',
  'group_members',
  'posts',
  'post_categories',
  'post_tags',
  'comments',
  'feedback',
  'post_references',
  'anonymous_votes',
  'user_votes',
  'comment_votes',
  'saved_queries',
  'events',
  'kb_images',
  'widgets',
  'product_visions',
];

/** Puts one portal back as the document says, its id counters included; the caller holds the transaction. */
export function replacePortal(sql: Sql, p: PortalData): void {
  for (const table of PORTAL_TABLES) sql.run(`DELETE FROM ${table} WHERE portal_id = ?`, [p.id]);
  sql.run('DELETE FROM sequences WHERE portal_id = ?', [p.id]);
  sql.run('UPDATE portals SET guid = ?, is_default = ?, settings = ? WHERE id = ?', [
    p.guid,
    p.default ? 1 : 0,
    settingsJson(p),
    p.id,
  ]);
  inBulk(sql, false, [p.id], () => insertContent(sql, p));
  raiseSectionCounter(sql, [p]);
}

export function readSettings(sql: Sql, portalId: number): PortalSettings {
  const row = sql.one<{ id: number; guid: string; is_default: number; settings: string }>(
    'SELECT id, guid, is_default, settings FROM portals WHERE id = ?',
    [portalId],
  );
  if (!row) throw new Error(`portal ${portalId} is not in the store`);
  const hosts = sql
    .all<{ host: string }>('SELECT host FROM portal_hosts WHERE portal_id = ? ORDER BY row', [portalId])
    .map((h) => h.host);
  return { id: row.id, hosts, default: row.is_default === 1, guid: row.guid, ...JSON.parse(row.settings) };
}

export function readAll<R>(sql: Sql, spec: TableSpec<R>, portalId: number, order = 'row'): R[] {
  return sql
    .all<Record<string, unknown>>(`SELECT ${spec.select} FROM ${spec.table} WHERE portal_id = ? ORDER BY ${order}`, [
      portalId,
    ])
    .map(spec.fromRow);
}

function readGroups(sql: Sql, portalId: number): GroupRecord[] {
  return readAll(sql, GROUPS, portalId).map((g) => ({ ...g, user_ids: groupUserIds(sql, portalId, g.id) }));
}

function groupUserIds(sql: Sql, portalId: number, groupId: string): string[] {
  return sql
    .all<{ user_id: string }>('SELECT user_id FROM group_members WHERE portal_id = ? AND group_id = ? ORDER BY row', [
      portalId,
      groupId,
    ])
    .map((m) => m.user_id);
}

/** A whole portal as a document (what `fp server dump` writes). */
export function readPortal(sql: Sql, portalId: number): PortalData {
  const s = readSettings(sql, portalId);
  return {
    id: s.id,
    hosts: s.hosts,
    default: s.default,
    guid: s.guid,
    title: s.title,
    localization: s.localization,
    editor_type: s.editor_type,
    moderate_comments: s.moderate_comments,
    jira_enabled: s.jira_enabled,
    jira_sync_status: s.jira_sync_status,
    linear_enabled: s.linear_enabled,
    jira_domain: s.jira_domain,
    api_keys: readAll(sql, API_KEYS, portalId),
    users: readAll(sql, USERS, portalId),
    tabs: readAll(sql, TABS, portalId),
    sections: readAll(sql, SECTIONS, portalId),
    statuses: readAll(sql, STATUSES, portalId),
    tags: readAll(sql, TAGS, portalId),
    categories: readAll(sql, CATEGORIES, portalId),
    groups: readGroups(sql, portalId),
    posts: sql
      .all<Record<string, unknown>>(`SELECT ${POST_SELECT} FROM posts WHERE portal_id = ? ORDER BY row`, [portalId])
      .map(postFromRow),
    comments: readAll(sql, COMMENTS, portalId),
    feedback: readAll(sql, FEEDBACK, portalId),
    references: readAll(sql, REFERENCES, portalId),
    anonymous_votes: readAll(sql, VOTES, portalId),
    user_votes: readAll(sql, USER_VOTES, portalId),
    comment_votes: readAll(sql, COMMENT_VOTES, portalId),
    saved_queries: readAll(sql, SAVED_QUERIES, portalId),
    events: readAll(sql, EVENTS, portalId),
    widgets: readAll(sql, WIDGETS, portalId),
    product_vision: readAll(sql, PRODUCT_VISIONS, portalId)[0] ?? null,
  };
}

export function portalIds(sql: Sql): number[] {
  return sql.all<{ id: number }>('SELECT id FROM portals ORDER BY row').map((p) => p.id);
}
