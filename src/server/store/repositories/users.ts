import type { UserRecord } from '../state.js';
import { USERS } from '../tables.js';
import type { PortalScope } from './portal-scope.js';

type Row = Record<string, unknown>;
type Counts = { comments: number; posts: number };

/** A portal's users, and the posts and comments each has made (counters the triggers keep). */
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
      `SELECT ${USERS.select}, comments_count, posts_count FROM users WHERE portal_id = ? AND id = ?`,
      [this.scope.portalId, id],
    );
    if (row === undefined) return undefined;
    this.keepCounts(id, { comments: Number(row.comments_count), posts: Number(row.posts_count) });
    return USERS.fromRow(row);
  }

  /** A user by id, whatever the case of the id. */
  getIgnoringCase(id: string): UserRecord | undefined {
    return this.scope.first(USERS, 'id_lc = ?', [id.toLowerCase()]);
  }

  byDatabaseId(databaseId: number): UserRecord | undefined {
    return this.scope.first(USERS, 'database_id = ?', [databaseId]);
  }

  /** The first user (in seed order) with the role, or the first user at all. */
  first(role?: string): UserRecord | undefined {
    return role === undefined
      ? this.scope.first(USERS, '1 ORDER BY row', [])
      : this.scope.first(USERS, 'role = ? ORDER BY row', [role]);
  }

  /** Posts written and comments made by the user, all moderation states. */
  counts(id: string): Counts {
    if (this.countsGeneration === this.scope.sql.generation && this.countsById.has(id)) return this.countsById.get(id)!;
    const row = this.scope.sql.one<{ comments_count: number; posts_count: number }>(
      'SELECT comments_count, posts_count FROM users WHERE portal_id = ? AND id = ?',
      [this.scope.portalId, id],
    );
    return { comments: row?.comments_count ?? 0, posts: row?.posts_count ?? 0 };
  }

  private keepCounts(id: string, counts: Counts): void {
    if (this.countsGeneration !== this.scope.sql.generation) {
      this.countsById = new Map();
      this.countsGeneration = this.scope.sql.generation;
    }
    this.countsById.set(id, counts);
  }
}
