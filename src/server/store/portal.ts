import { sameName } from '../../contract/name-key.js';
import type { Sql } from './sql.js';
import { CategoryRepository } from './repositories/categories.js';
import { PortalScope } from './repositories/portal-scope.js';
import { UserVoteRepository } from './repositories/user-votes.js';
import {
  groupUserIds,
  readAll,
  readGroups,
  readSettings,
  STORE_SEQUENCES,
  type SequenceName,
} from './portal-document.js';
import type {
  AnonymousVoteRecord,
  ApiKeyRecord,
  CommentRecord,
  EventRecord,
  FeedbackRecord,
  GroupRecord,
  PortalSettings,
  PostRecord,
  ReferenceRecord,
  SavedQueryRecord,
  UserVoteRecord,
  SectionRecord,
  StatusRecord,
  TabRecord,
  TagRecord,
  UserRecord,
} from './state.js';
import {
  API_KEYS,
  COMMENTS,
  EVENTS,
  FEEDBACK,
  GROUPS,
  insertGroup,
  insertPost,
  insertRow,
  POST_SELECT,
  POSTS,
  postFromRow,
  REFERENCES,
  SAVED_QUERIES,
  SECTIONS,
  setPostLinks,
  STATUSES,
  TABS,
  TAGS,
  updateRow,
  USER_VOTES,
  USERS,
  VOTES,
  type TableSpec,
} from './tables.js';

import { EventLogRepository } from './repositories/event-log.js';
import { SilencedItemRepository } from './repositories/silenced-items.js';
import { DeliveryRepository } from './repositories/webhook-deliveries.js';
import { WebhookEndpointRepository } from './repositories/webhook-endpoints.js';

type Row = Record<string, unknown>;

/** A post's rows: its own and those that belong to it. */
const POST_PARTS = [
  'posts',
  'post_categories',
  'post_tags',
  'comments',
  'post_references',
  'anonymous_votes',
  'user_votes',
];

/** What a post list shows, as the domain decides it; every field given must hold. */
export interface PostFilter {
  moderation_status: PostRecord['moderation_status'];
  /** Leave out posts on knowledge-base tabs. */
  hideKnowledgeBase: boolean;
  tabId?: number | null;
  /** A section id or slug (a section matches either). */
  section?: string;
  categoryId?: number;
  statusIds?: number[];
  tagIds?: string[];
  platform?: string;
  version?: string;
  release?: string;
}

export interface PostOrder {
  /** An `order_by` name; names without a field order by id alone. */
  by: string;
  direction: 'asc' | 'desc';
}

/**
 * What each `order_by` name sorts on, in MySQL's manner: NULL first ascending,
 * strings without regard to case. Ties, and names without a field, go by
 * ascending id whatever the direction, so pages never overlap.
 */
const ORDER_COLUMNS: Record<string, string> = {
  id: 'database_id',
  title: 'title_lc',
  created_at: 'created_ms',
  updated_at: 'updated_ms',
  content_updated_at: 'updated_ms',
  votes_count: 'votes_count',
  comments_count: 'comments_count',
  latest_status_change: 'latest_status_change_ms',
  latest_vote: 'latest_vote_ms',
  views: 'views_count',
  order: 'sort_order',
  platform: 'lower(platform)',
  version: 'lower(version)',
  release: 'lower(release)',
  author: '(SELECT u.name_lc FROM users u WHERE u.portal_id = posts.portal_id AND u.id = posts.author_id)',
  section: 'section_id',
};

export const ORDER_BY_NAMES_WITH_FIELD = Object.keys(ORDER_COLUMNS);

/**
 * One portal of the store. Its settings are read once (only a reset changes
 * them); everything else is read from the database when asked, so nothing lives
 * only in memory. The collection properties are whole-collection snapshots for
 * inspection and tests; request paths use the indexed queries below them.
 */
interface UserCounts {
  comments: number;
  posts: number;
  votes: number;
}

interface PostExtras {
  approvedComments: number;
  changelog: string | null;
}

export class PortalState implements PortalSettings {
  private settings: PortalSettings;
  /** Small tables and per-post figures as last read; any write makes them stale (see `Sql.generation`). */
  private readonly cache = new Map<string, { generation: number; value: unknown }>();
  private extras = new Map<string, PostExtras>();
  private extrasGeneration = -1;
  private userCountsById = new Map<string, UserCounts>();
  private countsGeneration = -1;

  readonly scope: PortalScope;
  readonly userVotes: UserVoteRepository;
  readonly categories: CategoryRepository;
  readonly eventLog: EventLogRepository;
  readonly webhooks: WebhookEndpointRepository;
  readonly deliveries: DeliveryRepository;
  readonly silenced: SilencedItemRepository;

  constructor(
    private readonly sql: Sql,
    readonly id: number,
  ) {
    this.settings = readSettings(sql, id);
    this.scope = new PortalScope(sql, id);
    this.userVotes = new UserVoteRepository(this.scope);
    this.categories = new CategoryRepository(this.scope);
    this.eventLog = new EventLogRepository(this.scope);
    this.webhooks = new WebhookEndpointRepository(this.scope);
    this.deliveries = new DeliveryRepository(this.scope);
    this.silenced = new SilencedItemRepository(this.scope);
  }

  /** Read the settings again (after a reset). */
  reload(): void {
    this.settings = readSettings(this.sql, this.id);
  }

  get hosts() {
    return this.settings.hosts;
  }
  get default() {
    return this.settings.default;
  }
  get guid() {
    return this.settings.guid;
  }
  get title() {
    return this.settings.title;
  }
  get localization() {
    return this.settings.localization;
  }
  get editor_type() {
    return this.settings.editor_type;
  }
  get moderate_comments() {
    return this.settings.moderate_comments;
  }
  get jira_enabled() {
    return this.settings.jira_enabled;
  }
  get jira_sync_status() {
    return this.settings.jira_sync_status;
  }
  get linear_enabled() {
    return this.settings.linear_enabled;
  }
  get jira_domain() {
    return this.settings.jira_domain;
  }

  // --- whole collections (snapshots; assigning one replaces the collection) -----------

  get api_keys(): ApiKeyRecord[] {
    const keys = this.sql.cached(this.cache, 'api_keys', () => readAll(this.sql, API_KEYS, this.id)) as ApiKeyRecord[];
    return keys.map((k) => ({ ...k }));
  }
  set api_keys(v: ApiKeyRecord[]) {
    this.replace(API_KEYS, v);
  }
  get users(): UserRecord[] {
    return readAll(this.sql, USERS, this.id);
  }
  set users(v: UserRecord[]) {
    this.replace(USERS, v);
  }
  get tabs(): TabRecord[] {
    return readAll(this.sql, TABS, this.id);
  }
  set tabs(v: TabRecord[]) {
    this.replace(TABS, v);
  }
  get sections(): SectionRecord[] {
    return readAll(this.sql, SECTIONS, this.id);
  }
  set sections(v: SectionRecord[]) {
    this.replace(SECTIONS, v);
  }
  get statuses(): StatusRecord[] {
    return readAll(this.sql, STATUSES, this.id);
  }
  set statuses(v: StatusRecord[]) {
    this.replace(STATUSES, v);
  }
  get tags(): TagRecord[] {
    return readAll(this.sql, TAGS, this.id);
  }
  set tags(v: TagRecord[]) {
    this.replace(TAGS, v);
  }
  get groups(): GroupRecord[] {
    return readGroups(this.sql, this.id);
  }
  set groups(v: GroupRecord[]) {
    this.sql.run('DELETE FROM groups WHERE portal_id = ?', [this.id]);
    this.sql.run('DELETE FROM group_members WHERE portal_id = ?', [this.id]);
    for (const g of v) insertGroup(this.sql, this.id, g);
  }
  get posts(): PostRecord[] {
    return this.readPosts(`SELECT ${POST_SELECT} FROM posts WHERE portal_id = ? ORDER BY row`, [this.id]);
  }
  set posts(v: PostRecord[]) {
    for (const t of ['posts', 'post_categories', 'post_tags'])
      this.sql.run(`DELETE FROM ${t} WHERE portal_id = ?`, [this.id]);
    for (const p of v) insertPost(this.sql, this.id, p);
  }
  get comments(): CommentRecord[] {
    return readAll(this.sql, COMMENTS, this.id);
  }
  set comments(v: CommentRecord[]) {
    this.replace(COMMENTS, v);
  }
  get feedback(): FeedbackRecord[] {
    return readAll(this.sql, FEEDBACK, this.id);
  }
  set feedback(v: FeedbackRecord[]) {
    this.replace(FEEDBACK, v);
  }
  get references(): ReferenceRecord[] {
    return readAll(this.sql, REFERENCES, this.id);
  }
  set references(v: ReferenceRecord[]) {
    this.replace(REFERENCES, v);
  }
  get anonymous_votes(): AnonymousVoteRecord[] {
    return readAll(this.sql, VOTES, this.id);
  }
  set anonymous_votes(v: AnonymousVoteRecord[]) {
    this.replace(VOTES, v);
  }
  get user_votes(): UserVoteRecord[] {
    return readAll(this.sql, USER_VOTES, this.id);
  }
  set user_votes(v: UserVoteRecord[]) {
    this.replace(USER_VOTES, v);
  }
  get saved_queries(): SavedQueryRecord[] {
    return readAll(this.sql, SAVED_QUERIES, this.id);
  }
  set saved_queries(v: SavedQueryRecord[]) {
    this.replace(SAVED_QUERIES, v);
  }
  get events(): EventRecord[] {
    return readAll(this.sql, EVENTS, this.id);
  }
  set events(v: EventRecord[]) {
    this.replace(EVENTS, v);
  }

  private replace<R>(spec: TableSpec<R>, items: R[]): void {
    this.sql.run(`DELETE FROM ${spec.table} WHERE portal_id = ?`, [this.id]);
    for (const item of items) insertRow(this.sql, spec, this.id, item);
  }

  private first<R>(spec: TableSpec<R>, where: string, params: unknown[]): R | undefined {
    const row = this.sql.one<Row>(`SELECT ${spec.select} FROM ${spec.table} WHERE portal_id = ? AND ${where} LIMIT 1`, [
      this.id,
      ...params,
    ]);
    return row === undefined ? undefined : spec.fromRow(row);
  }

  private list<R>(spec: TableSpec<R>, where: string, params: unknown[], order = 'row', limit = -1, offset = 0): R[] {
    return this.sql
      .all<Row>(
        `SELECT ${spec.select} FROM ${spec.table} WHERE portal_id = ? AND ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
        [this.id, ...params, limit, offset],
      )
      .map(spec.fromRow);
  }

  /** Posts from a query of POST_SELECT, their approved-comment count and changelog text kept for presenting them. */
  private readPosts(query: string, params: unknown[]): PostRecord[] {
    if (this.extrasGeneration !== this.sql.generation) {
      this.extras = new Map();
      this.extrasGeneration = this.sql.generation;
    }
    return this.sql.all<Row>(query, params).map((row) => {
      const post = postFromRow(row);
      this.extras.set(post.key, {
        approvedComments: Number(row.approved_comments),
        changelog: (row.changelog_text as string | null) ?? null,
      });
      return post;
    });
  }

  private postExtras(key: string): PostExtras | undefined {
    if (this.extrasGeneration === this.sql.generation && this.extras.has(key)) return this.extras.get(key);
    this.readPosts(`SELECT ${POST_SELECT} FROM posts WHERE portal_id = ? AND key = ?`, [this.id, key]);
    return this.extras.get(key);
  }

  /** A small table of the portal by id, read once until the next write; callers get copies. */
  private byId<R extends { id: unknown }>(spec: TableSpec<R>, id: unknown): R | undefined {
    const map = this.sql.cached(
      this.cache,
      spec.table,
      () =>
        new Map(
          readAll(this.sql, spec, this.id)
            .reverse()
            .map((r) => [r.id, r]),
        ),
    );
    const hit = (map as Map<unknown, R>).get(id);
    return hit === undefined ? undefined : { ...hit };
  }

  // --- ids ----------------------------------------------------------------------------

  /** The next id of a kind: one past the highest ever handed out at this portal. */
  nextId(name: SequenceName): number {
    return this.advance(this.id, name);
  }

  /** The next section id: one past the highest ever handed out in the whole store (section ids span portals). */
  nextSectionId(): number {
    return this.advance(STORE_SEQUENCES, 'sections');
  }

  private advance(owner: number, name: string): number {
    this.sql.run('UPDATE sequences SET last = last + 1 WHERE portal_id = ? AND name = ?', [owner, name]);
    return this.sql.value<number>('SELECT last FROM sequences WHERE portal_id = ? AND name = ?', [owner, name])!;
  }

  // --- lookups ------------------------------------------------------------------------

  apiKey(token: string): ApiKeyRecord | undefined {
    return this.first(API_KEYS, 'token = ?', [token]);
  }
  user(id: string): UserRecord | undefined {
    const row = this.sql.one<Row>(
      `SELECT ${USERS.select}, comments_count, posts_count, votes_count FROM users WHERE portal_id = ? AND id = ?`,
      [this.id, id],
    );
    if (row === undefined) return undefined;
    this.keepCounts(id, {
      comments: Number(row.comments_count),
      posts: Number(row.posts_count),
      votes: Number(row.votes_count),
    });
    return USERS.fromRow(row);
  }
  private keepCounts(id: string, counts: UserCounts): void {
    if (this.countsGeneration !== this.sql.generation) {
      this.userCountsById = new Map();
      this.countsGeneration = this.sql.generation;
    }
    this.userCountsById.set(id, counts);
  }
  userIgnoringCase(id: string): UserRecord | undefined {
    return this.first(USERS, 'id_lc = ?', [id.toLowerCase()]);
  }
  userByDatabaseId(databaseId: number): UserRecord | undefined {
    return this.first(USERS, 'database_id = ?', [databaseId]);
  }
  /** The first user with this e-mail address, compared without regard to case (as the service's collation). */
  userByEmail(email: string): UserRecord | undefined {
    return this.first(USERS, 'lower(email) = lower(?) ORDER BY row', [email]);
  }
  /** One page of the users in the order they joined. */
  usersPage(skip: number, limit: number): UserRecord[] {
    return this.list(USERS, '1', [], 'row', limit, skip);
  }
  userCount(): number {
    return this.sql.value<number>('SELECT count(*) FROM users WHERE portal_id = ?', [this.id]) ?? 0;
  }
  /** The first user (in seed order) with the role, or the first user at all. */
  firstUser(role?: string): UserRecord | undefined {
    return role === undefined
      ? this.first(USERS, '1 ORDER BY row', [])
      : this.first(USERS, 'role = ? ORDER BY row', [role]);
  }
  /** Posts written, comments made (all moderation states) and votes cast by each user. */
  userCounts(id: string): UserCounts {
    if (this.countsGeneration === this.sql.generation && this.userCountsById.has(id))
      return this.userCountsById.get(id)!;
    const row = this.sql.one<{ comments_count: number; posts_count: number; votes_count: number }>(
      'SELECT comments_count, posts_count, votes_count FROM users WHERE portal_id = ? AND id = ?',
      [this.id, id],
    );
    return { comments: row?.comments_count ?? 0, posts: row?.posts_count ?? 0, votes: row?.votes_count ?? 0 };
  }
  tab(id: number): TabRecord | undefined {
    return this.byId(TABS, id);
  }
  tabBySlug(slug: string): TabRecord | undefined {
    return this.first(TABS, 'slug = ? ORDER BY row', [slug]);
  }
  tabSections(tabId: number): SectionRecord[] {
    return this.list(SECTIONS, 'tab_id = ?', [tabId]);
  }
  /** Sections under a parent (null: the top-level ones), in their order. */
  childSections(parentId: number | null): SectionRecord[] {
    return parentId === null
      ? this.list(SECTIONS, 'parent_id IS NULL', [], 'tab_id, sort_order, row')
      : this.list(SECTIONS, 'parent_id = ?', [parentId], 'sort_order, row');
  }
  section(id: number): SectionRecord | undefined {
    return this.first(SECTIONS, 'id = ?', [id]);
  }
  sectionBySlug(slug: string): SectionRecord | undefined {
    return this.first(SECTIONS, 'slug = ? ORDER BY row', [slug]);
  }
  status(id: number): StatusRecord | undefined {
    return this.byId(STATUSES, id);
  }
  savedQuery(id: number): SavedQueryRecord | undefined {
    return this.first(SAVED_QUERIES, 'id = ?', [id]);
  }
  group(id: string): GroupRecord | undefined {
    const g = this.first(GROUPS, 'id_lc = ?', [id.toLowerCase()]);
    return g === undefined ? undefined : { ...g, user_ids: groupUserIds(this.sql, this.id, g.id) };
  }
  /** Compared by their key (D-NAME-KEY). */
  groupNamed(name: string): GroupRecord | undefined {
    const g = readAll(this.sql, GROUPS, this.id).find((row) => sameName(row.name, name));
    return g === undefined ? undefined : { ...g, user_ids: [] };
  }
  /** Members in the order they joined. */
  groupMembers(groupId: string): UserRecord[] {
    return this.sql
      .all<Row>(
        `SELECT ${USERS.select
          .split(', ')
          .map((c) => `u.${c}`)
          .join(', ')} FROM group_members m
         JOIN users u ON u.portal_id = m.portal_id AND u.id = m.user_id
         WHERE m.portal_id = ? AND m.group_id = ? ORDER BY m.row`,
        [this.id, groupId],
      )
      .map(USERS.fromRow);
  }
  isMember(groupId: string, userId: string): boolean {
    return (
      this.sql.one('SELECT 1 FROM group_members WHERE portal_id = ? AND group_id = ? AND user_id = ?', [
        this.id,
        groupId,
        userId,
      ]) !== undefined
    );
  }
  post(key: string): PostRecord | undefined {
    return this.readPosts(`SELECT ${POST_SELECT} FROM posts WHERE portal_id = ? AND key = ?`, [this.id, key])[0];
  }
  /** Approved comments of a post, replies included. */
  approvedCommentCount(key: string): number {
    return this.postExtras(key)?.approvedComments ?? 0;
  }
  comment(id: number): CommentRecord | undefined {
    return this.first(COMMENTS, 'id = ?', [id]);
  }
  /** The text of the approved comment of a post tagged for the changelog, if any. */
  changelogText(key: string): string | undefined {
    return this.postExtras(key)?.changelog ?? undefined;
  }
  /** Every comment of a post: pinned first, then oldest first, ties by id. */
  postComments(key: string): CommentRecord[] {
    return this.sql
      .all<Row>(
        `SELECT ${COMMENTS.select} FROM comments INDEXED BY comments_by_post WHERE portal_id = ? AND post_key = ? ORDER BY pinned_to_top DESC, created_ms, id`,
        [this.id, key],
      )
      .map(COMMENTS.fromRow);
  }
  replyIds(commentId: number): number[] {
    return this.sql
      .all<{ id: number }>('SELECT id FROM comments WHERE portal_id = ? AND parent_id = ? ORDER BY row', [
        this.id,
        commentId,
      ])
      .map((c) => c.id);
  }
  feedbackEntry(id: string): FeedbackRecord | undefined {
    return this.first(FEEDBACK, 'id = ?', [id]);
  }
  /** Newest first; entries of the same instant, the later one first. */
  feedbackNewestFirst(): FeedbackRecord[] {
    return this.list(FEEDBACK, '1', [], 'created_ms DESC, row DESC');
  }
  allFeedback(): FeedbackRecord[] {
    return this.list(FEEDBACK, '1', []);
  }
  reference(id: number): ReferenceRecord | undefined {
    return this.first(REFERENCES, 'id = ?', [id]);
  }
  vote(key: string, anonymousId: string): AnonymousVoteRecord | undefined {
    return this.first(VOTES, 'post_key = ? AND anonymous_id = ?', [key, anonymousId]);
  }
  tabPosts(tabId: number): PostRecord[] {
    return this.readPosts(`SELECT ${POST_SELECT} FROM posts WHERE portal_id = ? AND tab_id = ? ORDER BY row`, [
      this.id,
      tabId,
    ]);
  }

  // --- lists --------------------------------------------------------------------------

  /** One page of the posts the filter selects, in the order asked, and how many there are in all. */
  listPosts(filter: PostFilter, order: PostOrder, skip: number, limit: number): { posts: PostRecord[]; total: number } {
    const where = ['portal_id = ?', 'moderation_status = ?'];
    const params: unknown[] = [this.id, filter.moderation_status];
    // Subqueries name the portal by parameter, not by the outer row, so SQLite runs them once per query.
    if (filter.hideKnowledgeBase) {
      where.push(
        "(tab_id IS NULL OR tab_id NOT IN (SELECT id FROM tabs WHERE portal_id = ? AND type = 'knowledge_base'))",
      );
      params.push(this.id);
    }
    if (filter.tabId !== undefined) {
      where.push('tab_id = ?');
      params.push(filter.tabId);
    }
    if (filter.section !== undefined) {
      where.push('section_id IN (SELECT id FROM sections WHERE portal_id = ? AND (CAST(id AS TEXT) = ? OR slug = ?))');
      params.push(this.id, filter.section, filter.section);
    }
    if (filter.categoryId !== undefined) {
      where.push(
        'EXISTS (SELECT 1 FROM post_categories c WHERE c.portal_id = posts.portal_id AND c.post_key = posts.key AND c.category_id = ?)',
      );
      params.push(filter.categoryId);
    }
    if (filter.statusIds !== undefined) {
      where.push(`status_id IN (${filter.statusIds.map(() => '?').join(', ') || 'NULL'})`);
      params.push(...filter.statusIds);
    }
    if (filter.tagIds !== undefined) {
      where.push(
        `EXISTS (SELECT 1 FROM post_tags t WHERE t.portal_id = posts.portal_id AND t.post_key = posts.key AND t.tag_id IN (${filter.tagIds.map(() => '?').join(', ') || 'NULL'}))`,
      );
      params.push(...filter.tagIds);
    }
    for (const field of ['platform', 'version', 'release'] as const) {
      if (filter[field] !== undefined) {
        where.push(`${field} = ?`);
        params.push(filter[field]);
      }
    }
    const condition = where.join(' AND ');
    const column = ORDER_COLUMNS[order.by];
    const orderSql = column
      ? `${column} ${order.direction === 'asc' ? 'ASC' : 'DESC'}, database_id ASC`
      : 'database_id ASC';
    const posts = this.readPosts(
      `SELECT ${POST_SELECT} FROM posts WHERE ${condition} ORDER BY ${orderSql} LIMIT ? OFFSET ?`,
      [...params, limit, skip],
    );
    return { posts, total: this.countPosts(filter, condition, params) };
  }

  /** How many posts a filter selects: from the tallies when it names only the moderation state and tab, else counted. */
  private countPosts(filter: PostFilter, condition: string, params: unknown[]): number {
    const tallied = Object.entries(filter).every(
      ([k, v]) =>
        v === undefined ||
        k === 'moderation_status' ||
        k === 'hideKnowledgeBase' ||
        (k === 'tabId' && typeof v === 'number' && v > 0),
    );
    if (!tallied) return this.sql.value<number>(`SELECT count(*) FROM posts WHERE ${condition}`, params) ?? 0;
    const where = ['portal_id = ?', 'moderation_status = ?'];
    const args: unknown[] = [this.id, filter.moderation_status];
    if (filter.hideKnowledgeBase) {
      where.push(
        "(tab_key = 0 OR tab_key NOT IN (SELECT id FROM tabs WHERE portal_id = ? AND type = 'knowledge_base'))",
      );
      args.push(this.id);
    }
    if (filter.tabId !== undefined) {
      where.push('tab_key = ?');
      args.push(filter.tabId);
    }
    return (
      this.sql.value<number>(`SELECT coalesce(sum(n), 0) FROM post_counts WHERE ${where.join(' AND ')}`, args) ?? 0
    );
  }

  /** Posts in a moderation state, highest id first, below a cursor id when given. */
  postsByModeration(
    status: PostRecord['moderation_status'],
    below: number | undefined,
    limit: number,
    offset = 0,
  ): PostRecord[] {
    return this.readPosts(
      `SELECT ${POST_SELECT} FROM posts WHERE portal_id = ? AND moderation_status = ? AND database_id < ?
       ORDER BY database_id DESC LIMIT ? OFFSET ?`,
      [this.id, status, below ?? Number.MAX_SAFE_INTEGER, limit, offset],
    );
  }

  /** Comments in a moderation state, highest id first, below a cursor id when given. */
  commentsByModeration(
    status: CommentRecord['moderation_status'],
    below: number | undefined,
    limit: number,
    offset = 0,
  ): CommentRecord[] {
    // Approved comments are most of them: read through the ids; the others through the index of only them (comments_unapproved).
    const where =
      status === 'approved'
        ? 'moderation_status = ? AND id < ?'
        : "moderation_status <> 'approved' AND moderation_status = ? AND id < ?";
    return this.list(COMMENTS, where, [status, below ?? Number.MAX_SAFE_INTEGER], 'id DESC', limit, offset);
  }

  // --- writes -------------------------------------------------------------------------

  updatePost(key: string, patch: Partial<PostRecord>): void {
    const { category_ids, tag_ids, ...rest } = patch;
    updateRow(this.sql, POSTS, this.id, { key }, rest);
    if (category_ids || tag_ids) setPostLinks(this.sql, this.id, key, category_ids, tag_ids);
  }
  highestPostSortOrder(): number {
    return this.sql.value<number>('SELECT coalesce(max(sort_order), 0) FROM posts WHERE portal_id = ?', [this.id]) ?? 0;
  }
  insertPost(post: PostRecord): void {
    insertPost(this.sql, this.id, post);
  }
  /** Posts go with their comments, references and votes. */
  deletePosts(keys: string[]): void {
    for (const key of keys) {
      for (const table of POST_PARTS) {
        const column = table === 'posts' ? 'key' : 'post_key';
        this.sql.run(`DELETE FROM ${table} WHERE portal_id = ? AND ${column} = ?`, [this.id, key]);
      }
    }
  }

  insertComment(c: CommentRecord): void {
    insertRow(this.sql, COMMENTS, this.id, c);
  }
  updateComment(id: number, patch: Partial<CommentRecord>): void {
    updateRow(this.sql, COMMENTS, this.id, { id }, patch);
  }
  /** Takes the changelog tag off every other comment of the post. */
  untagChangelogExcept(postKey: string, commentId: number): void {
    this.sql.run(
      'UPDATE comments SET tagged_for_changelog = 0 WHERE portal_id = ? AND post_key = ? AND id != ? AND tagged_for_changelog = 1',
      [this.id, postKey, commentId],
    );
  }
  /** Deletes the comments; replies to them become top-level comments. */
  deleteComments(ids: number[]): void {
    for (const id of ids) this.sql.run('DELETE FROM comments WHERE portal_id = ? AND id = ?', [this.id, id]);
    for (const id of ids)
      this.sql.run('UPDATE comments SET parent_id = NULL WHERE portal_id = ? AND parent_id = ?', [this.id, id]);
  }

  insertFeedback(f: FeedbackRecord): void {
    insertRow(this.sql, FEEDBACK, this.id, f);
  }
  updateFeedback(id: string, patch: Partial<FeedbackRecord>): void {
    updateRow(this.sql, FEEDBACK, this.id, { id }, patch);
  }
  deleteFeedback(id: string): void {
    this.sql.run('DELETE FROM feedback WHERE portal_id = ? AND id = ?', [this.id, id]);
  }

  insertGroup(g: GroupRecord): void {
    insertGroup(this.sql, this.id, g);
  }
  updateGroup(id: string, patch: Partial<Omit<GroupRecord, 'id' | 'user_ids'>>): void {
    updateRow(this.sql, GROUPS, this.id, { id }, patch);
  }
  /** Memberships live on the group, so they go with it. */
  deleteGroup(id: string): void {
    this.sql.run('DELETE FROM groups WHERE portal_id = ? AND id = ?', [this.id, id]);
    this.sql.run('DELETE FROM group_members WHERE portal_id = ? AND group_id = ?', [this.id, id]);
  }
  addMember(groupId: string, userId: string): void {
    this.sql.run('INSERT INTO group_members (portal_id, group_id, user_id) VALUES (?, ?, ?)', [
      this.id,
      groupId,
      userId,
    ]);
  }
  removeMember(groupId: string, userId: string): void {
    this.sql.run('DELETE FROM group_members WHERE portal_id = ? AND group_id = ? AND user_id = ?', [
      this.id,
      groupId,
      userId,
    ]);
  }

  insertReference(r: ReferenceRecord): void {
    insertRow(this.sql, REFERENCES, this.id, r);
  }
  deleteReference(id: number): void {
    this.sql.run('DELETE FROM post_references WHERE portal_id = ? AND id = ?', [this.id, id]);
  }

  insertVote(v: AnonymousVoteRecord): void {
    insertRow(this.sql, VOTES, this.id, v);
  }
  deleteVote(key: string, anonymousId: string): void {
    this.sql.run('DELETE FROM anonymous_votes WHERE portal_id = ? AND post_key = ? AND anonymous_id = ?', [
      this.id,
      key,
      anonymousId,
    ]);
  }

  recordEvent(e: EventRecord): void {
    insertRow(this.sql, EVENTS, this.id, e);
  }

  updateTab(id: number, patch: Partial<TabRecord>): void {
    updateRow(this.sql, TABS, this.id, { id }, patch);
  }
  insertSection(s: SectionRecord): void {
    insertRow(this.sql, SECTIONS, this.id, s);
  }
  updateSection(id: number, patch: Partial<SectionRecord>): void {
    updateRow(this.sql, SECTIONS, this.id, { id }, patch);
  }
  deleteSection(id: number): void {
    this.sql.run('DELETE FROM sections WHERE portal_id = ? AND id = ?', [this.id, id]);
  }
}
