import type { AnonymousVoteRecord } from '../../../seed-file/seed-file.js';
import { insertRow, VOTES } from '../tables.js';
import type { PortalScope } from './portal-scope.js';

/** A portal's anonymous votes, one per post and anonymous id; a post's count is on the post. */
export class VoteRepository {
  constructor(private readonly scope: PortalScope) {}

  list(): AnonymousVoteRecord[] {
    return this.scope.all(VOTES);
  }

  get(postKey: string, anonymousId: string): AnonymousVoteRecord | undefined {
    return this.scope.first(VOTES, 'post_key = ? AND anonymous_id = ?', [postKey, anonymousId]);
  }

  insert(v: AnonymousVoteRecord): void {
    insertRow(this.scope.sql, VOTES, this.scope.portalId, v);
  }

  delete(postKey: string, anonymousId: string): void {
    this.scope.sql.run('DELETE FROM anonymous_votes WHERE portal_id = ? AND post_key = ? AND anonymous_id = ?', [
      this.scope.portalId,
      postKey,
      anonymousId,
    ]);
  }
}
