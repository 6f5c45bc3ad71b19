import type { Sql } from './sql.js';
import type { GroupRecord, PortalData, PortalSettings } from './state.js';
import {
  API_KEYS,
  CATEGORIES,
  COMMENTS,
  EVENTS,
  FEEDBACK,
  GROUPS,
  bulkInsert,
  bulkInsertRecords,
  POST_SELECT,
  POSTS,
  postFromRow,
  REFERENCES,
  SAVED_QUERIES,
  SECTIONS,
  STATUSES,
  TABS,
  TAGS,
  USERS,
  VOTES,
  type TableSpec,
} from './tables.js';

/** Per-portal id counters: each only grows, so an id once handed out is never handed out again. */
export const SEQUENCES = ['users', 'posts', 'comments', 'categories', 'references'] as const;
export type SequenceName = (typeof SEQUENCES)[number];

const SETTING_KEYS = [
  'title', 'localization', 'editor_type', 'moderate_comments', 'jira_enabled', 'jira_sync_status', 'linear_enabled', 'jira_domain',
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
  };
}

/**
 * Writes whole portals (a loaded seed) into an empty database; the caller holds
 * the transaction. The secondary indexes are built once the rows are in, which
 * is far cheaper than keeping them up to date row by row.
 */
export function insertPortals(sql: Sql, portals: PortalData[]): void {
  inBulk(sql, true, () => {
    for (const p of portals) {
      sql.run('INSERT INTO portals (id, guid, is_default, settings) VALUES (?, ?, ?, ?)', [p.id, p.guid, p.default ? 1 : 0, settingsJson(p)]);
      insertContent(sql, p);
    }
  }, portals.map((p) => p.id));
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
 * Runs `insert` with the counting triggers set aside (and, with `withoutIndexes`,
 * the secondary indexes dropped and built again after it); the counters of the
 * given portals are then computed once, set-based.
 */
function inBulk(sql: Sql, withoutIndexes: boolean, insert: () => void, portalIds: number[]): void {
  const triggers = sql.all<{ name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'");
  const indexes = withoutIndexes ? sql.all<{ name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL") : [];
  for (const t of triggers) sql.exec(`DROP TRIGGER ${t.name}`);
  for (const i of indexes) sql.exec(`DROP INDEX ${i.name}`);
  insert();
  for (const i of indexes) sql.exec(i.sql);
  for (const id of portalIds) recount(sql, id);
  for (const t of triggers) sql.exec(t.sql);
}

/** A whole portal's collections in bulk. */
function insertCollections(sql: Sql, p: PortalData): void {
  const each = <R>(spec: TableSpec<R>, items: R[]) => bulkInsertRecords(sql, spec, p.id, items);
  each(API_KEYS, p.api_keys);
  each(USERS, p.users);
  each(TABS, p.tabs);
  each(SECTIONS, p.sections);
  each(STATUSES, p.statuses);
  each(TAGS, p.tags);
  each(CATEGORIES, p.categories);
  each(GROUPS, p.groups);
  bulkInsert(sql, 'group_members', ['portal_id', 'group_id', 'user_id'], p.groups.flatMap((g) => g.user_ids.map((u) => [p.id, g.id, u])));
  each(POSTS, p.posts);
  bulkInsert(sql, 'post_categories', ['portal_id', 'post_key', 'category_id'], p.posts.flatMap((x) => x.category_ids.map((c) => [p.id, x.key, c])));
  bulkInsert(sql, 'post_tags', ['portal_id', 'post_key', 'tag_id'], p.posts.flatMap((x) => x.tag_ids.map((t) => [p.id, x.key, t])));
  each(COMMENTS, p.comments);
  each(FEEDBACK, p.feedback);
  each(REFERENCES, p.references);
  each(VOTES, p.anonymous_votes);
  each(SAVED_QUERIES, p.saved_queries);
  each(EVENTS, p.events);
}

/** The counters the triggers keep, computed from the rows. */
function recount(sql: Sql, portalId: number): void {
  // One grouped pass per counter (a correlated count per row would let the planner scan per row).
  const counters: Array<[string, string, string, string]> = [
    ['posts', 'key', 'comments_count', "SELECT post_key AS k, count(*) AS n FROM comments WHERE portal_id = ? AND moderation_status = 'approved' GROUP BY post_key"],
    ['posts', 'key', 'latest_vote_ms', 'SELECT post_key AS k, max(created_ms) AS n FROM anonymous_votes WHERE portal_id = ? GROUP BY post_key'],
    ['users', 'id', 'comments_count', 'SELECT user_id AS k, count(*) AS n FROM comments WHERE portal_id = ? GROUP BY user_id'],
    ['users', 'id', 'posts_count', 'SELECT author_id AS k, count(*) AS n FROM posts WHERE portal_id = ? GROUP BY author_id'],
  ];
  for (const [table, key, column, grouped] of counters) {
    sql.run(`UPDATE ${table} SET ${column} = g.n FROM (${grouped}) AS g WHERE ${table}.portal_id = ? AND ${table}.${key} = g.k`, [portalId, portalId]);
  }
}

const PORTAL_TABLES = [
  'portal_hosts', 'api_keys', 'users', 'tabs', 'sections', 'statuses', 'tags', 'categories', 'groups', 'group_members',
  'posts', 'post_categories', 'post_tags', 'comments', 'feedback', 'post_references', 'anonymous_votes', 'saved_queries', 'events',
];

/** Puts one portal back as the document says, its id counters included; the caller holds the transaction. */
export function replacePortal(sql: Sql, p: PortalData): void {
  for (const table of PORTAL_TABLES) sql.run(`DELETE FROM ${table} WHERE portal_id = ?`, [p.id]);
  sql.run('DELETE FROM sequences WHERE portal_id = ?', [p.id]);
  sql.run('UPDATE portals SET guid = ?, is_default = ?, settings = ? WHERE id = ?', [p.guid, p.default ? 1 : 0, settingsJson(p), p.id]);
  inBulk(sql, false, () => insertContent(sql, p), [p.id]);
}

export function readSettings(sql: Sql, portalId: number): PortalSettings {
  const row = sql.one<{ id: number; guid: string; is_default: number; settings: string }>(
    'SELECT id, guid, is_default, settings FROM portals WHERE id = ?',
    [portalId],
  );
  if (!row) throw new Error(`portal ${portalId} is not in the store`);
  const hosts = sql.all<{ host: string }>('SELECT host FROM portal_hosts WHERE portal_id = ? ORDER BY row', [portalId]).map((h) => h.host);
  return { id: row.id, hosts, default: row.is_default === 1, guid: row.guid, ...JSON.parse(row.settings) };
}

export function readAll<R>(sql: Sql, spec: TableSpec<R>, portalId: number, order = 'row'): R[] {
  return sql.all<Record<string, unknown>>(`SELECT ${spec.select} FROM ${spec.table} WHERE portal_id = ? ORDER BY ${order}`, [portalId]).map(spec.fromRow);
}

export function readGroups(sql: Sql, portalId: number): GroupRecord[] {
  return readAll(sql, GROUPS, portalId).map((g) => ({ ...g, user_ids: groupUserIds(sql, portalId, g.id) }));
}

export function groupUserIds(sql: Sql, portalId: number, groupId: string): string[] {
  return sql
    .all<{ user_id: string }>('SELECT user_id FROM group_members WHERE portal_id = ? AND group_id = ? ORDER BY row', [portalId, groupId])
    .map((m) => m.user_id);
}

/**
 * A whole portal as a document (what `fp server dump` writes). Without activity,
 * its comments, feedback, references, votes and events are left out (empty).
 */
export function readPortal(sql: Sql, portalId: number, activity = true): PortalData {
  const some = <R>(read: () => R[]): R[] => (activity ? read() : []);
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
    posts: sql.all<Record<string, unknown>>(`SELECT ${POST_SELECT} FROM posts WHERE portal_id = ? ORDER BY row`, [portalId]).map(postFromRow),
    comments: some(() => readAll(sql, COMMENTS, portalId)),
    feedback: some(() => readAll(sql, FEEDBACK, portalId)),
    references: some(() => readAll(sql, REFERENCES, portalId)),
    anonymous_votes: some(() => readAll(sql, VOTES, portalId)),
    saved_queries: readAll(sql, SAVED_QUERIES, portalId),
    events: some(() => readAll(sql, EVENTS, portalId)),
  };
}

export function portalIds(sql: Sql): number[] {
  return sql.all<{ id: number }>('SELECT id FROM portals ORDER BY row').map((p) => p.id);
}
