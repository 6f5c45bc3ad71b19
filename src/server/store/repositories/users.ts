import type { UserRecord } from '../../../seed-file/seed-file.js';
import { insertRow, updateRow, USERS } from '../tables.js';
import type { PortalScope } from './portal-scope.js';

type Row = Record<string, unknown>;

const COUNT_COLUMNS = 'comments_count, posts_count, votes_count, comment_votes_count';

const countsOf = (row: Row): Counts => ({
  comments: Number(row.comments_count ?? 0),
  posts: Number(row.posts_count ?? 0),
  votes: Number(row.votes_count ?? 0),
  commentVotes: Number(row.comment_votes_count ?? 0),
});
type Counts = { comments: number; posts: number; votes: number; commentVotes: number };

/** A portal's users, the posts, comments and votes each has made, and the votes on their comments (counters the triggers keep). */
export class UserRepository {
  /** Counts read with a user, kept until the next write: presenting the user asks for them next. */
  private countsById = new Map<string, Counts>();
  private countsGeneration = -1;

  constructor(private readonly scope: PortalScope) {}

  /** Every user in seed order. */
  list(): UserRecord[] {
    return this.scope.all(USERS);
  }

  get(id: string): UserRecord | undefined {
    const row = this.scope.sql.one<Row>(
      `SELECT ${USERS.select}, ${COUNT_COLUMNS} FROM users WHERE portal_id = ? AND id = ?`,
      [this.scope.portalId, id],
    );
    if (row === undefined) return undefined;
    this.keepCounts(id, countsOf(row));
    return USERS.fromRow(row);
  }

  /** A user by id, whatever the case of the id. */
  getIgnoringCase(id: string): UserRecord | undefined {
    return this.scope.first(USERS, 'id_lc = ?', [id.toLowerCase()]);
  }

  byDatabaseId(databaseId: number): UserRecord | undefined {
    return this.scope.first(USERS, 'database_id = ?', [databaseId]);
  }

  /** The first user with this e-mail address, compared without regard to case (as the service's collation). */
  byEmail(email: string): UserRecord | undefined {
    return this.scope.first(USERS, 'lower(email) = lower(?) ORDER BY row', [email]);
  }

  /** One page of the users in the order they joined. */
  page(skip: number, limit: number): UserRecord[] {
    return this.scope.list(USERS, '1', [], 'row', limit, skip);
  }

  /** The plans the portal's users are on (D-USER-FILTERS), each once. */
  plans(): string[] {
    const { sql, portalId } = this.scope;
    return sql
      .all<{ plan: string }>('SELECT DISTINCT plan FROM users WHERE portal_id = ? AND plan IS NOT NULL', [portalId])
      .map((r) => r.plan);
  }

  /** The segment and metadata values of the users that have any (D-USER-FILTERS). */
  segmentValues(): Array<Record<string, string | number>> {
    const { sql, portalId } = this.scope;
    return sql
      .all<{ segments: string }>('SELECT segments FROM users WHERE portal_id = ? AND segments IS NOT NULL', [portalId])
      .map((r) => JSON.parse(r.segments) as Record<string, string | number>);
  }

  count(): number {
    return this.scope.sql.value<number>('SELECT count(*) FROM users WHERE portal_id = ?', [this.scope.portalId]) ?? 0;
  }

  /** The first user (in seed order) with the role, or the first user at all. */
  first(role?: string): UserRecord | undefined {
    return role === undefined
      ? this.scope.first(USERS, '1 ORDER BY row', [])
      : this.scope.first(USERS, 'role = ? ORDER BY row', [role]);
  }

  /**
   * The next integer id: one past the highest ever handed out at this portal (D-IDS-NEVER-REUSED).
   * The counter starts, on first use, past the highest id the portal's users have.
   */
  nextDatabaseId(): number {
    const { sql, portalId } = this.scope;
    sql.run(
      `INSERT INTO sequences (portal_id, name, last)
         SELECT ?, 'users', coalesce(max(database_id), 0) FROM users WHERE portal_id = ?
         ON CONFLICT DO NOTHING`,
      [portalId, portalId],
    );
    sql.run("UPDATE sequences SET last = last + 1 WHERE portal_id = ? AND name = 'users'", [portalId]);
    return sql.value<number>("SELECT last FROM sequences WHERE portal_id = ? AND name = 'users'", [portalId])!;
  }

  insert(user: UserRecord): void {
    insertRow(this.scope.sql, USERS, this.scope.portalId, user);
  }

  update(id: string, patch: Partial<Omit<UserRecord, 'id' | 'database_id'>>): void {
    updateRow(this.scope.sql, USERS, this.scope.portalId, { id }, patch);
  }

  /** Whether the user is blocked (D-USER-BULK). */
  isBlocked(id: string): boolean {
    const { sql, portalId } = this.scope;
    return (
      sql.value<string | null>('SELECT blocked_at FROM users WHERE portal_id = ? AND id = ?', [portalId, id]) != null
    );
  }

  /** Blocks (`at` a time) or unblocks (`at` null) the users; a blocked user keeps the time it was first blocked. */
  setBlocked(ids: string[], at: string | null): void {
    const { sql, portalId } = this.scope;
    for (const id of ids) {
      sql.run(
        'UPDATE users SET blocked_at = CASE WHEN ? IS NULL THEN NULL ELSE coalesce(blocked_at, ?) END WHERE portal_id = ? AND id = ?',
        [at, at, portalId, id],
      );
    }
  }

  /** The account and its memberships go; posts, comments and votes keep its id (D-USER-DELETE). */
  delete(id: string): void {
    const { sql, portalId } = this.scope;
    sql.run('DELETE FROM users WHERE portal_id = ? AND id = ?', [portalId, id]);
    sql.run('DELETE FROM group_members WHERE portal_id = ? AND user_id = ?', [portalId, id]);
  }

  /** Posts written, comments made (all moderation states), votes cast by the user and votes on their comments. */
  counts(id: string): Counts {
    if (this.countsGeneration === this.scope.sql.generation && this.countsById.has(id)) return this.countsById.get(id)!;
    const row = this.scope.sql.one<Row>(`SELECT ${COUNT_COLUMNS} FROM users WHERE portal_id = ? AND id = ?`, [
      this.scope.portalId,
      id,
    ]);
    return countsOf(row ?? {});
  }

  private keepCounts(id: string, counts: Counts): void {
    if (this.countsGeneration !== this.scope.sql.generation) {
      this.countsById = new Map();
      this.countsGeneration = this.scope.sql.generation;
    }
    this.countsById.set(id, counts);
  }
}
