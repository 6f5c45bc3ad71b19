import type { UserVoteRecord } from '../../../seed-file/seed-file.js';
import { insertRow, USER_VOTES } from '../tables.js';
import type { PortalScope } from './portal-scope.js';

/**
 * A portal's votes of named users, one per user and post. The post's `votes_count`
 * counts them with the anonymous ones; the voter's count is kept by a trigger.
 */
export class UserVoteRepository {
  constructor(private readonly scope: PortalScope) {}

  /** Every vote of the portal, in the order they were cast. */
  list(): UserVoteRecord[] {
    return this.scope.all(USER_VOTES);
  }

  /** The votes on a post, oldest first. */
  ofPost(postKey: string): UserVoteRecord[] {
    return this.scope.list(USER_VOTES, 'post_key = ?', [postKey], 'created_ms, id');
  }

  get(postKey: string, userId: string): UserVoteRecord | undefined {
    return this.scope.first(USER_VOTES, 'post_key = ? AND user_id = ?', [postKey, userId]);
  }

  nextId(): number {
    return this.scope.nextId('user_votes');
  }

  insert(v: UserVoteRecord): void {
    insertRow(this.scope.sql, USER_VOTES, this.scope.portalId, v);
  }

  delete(postKey: string, userId: string): void {
    this.scope.sql.run('DELETE FROM user_votes WHERE portal_id = ? AND post_key = ? AND user_id = ?', [
      this.scope.portalId,
      postKey,
      userId,
    ]);
  }
}
