import type { CommentVoteRecord } from '../../../seed-file/seed-file.js';
import { COMMENT_VOTES, insertRow } from '../tables.js';
import type { PortalScope } from './portal-scope.js';

/**
 * A portal's anonymous votes on comments, one per comment and anonymous id. The comment's
 * `votes_count` counts them; its author's count follows by a trigger, and a deleted comment's
 * votes go with it.
 */
export class CommentVoteRepository {
  constructor(private readonly scope: PortalScope) {}

  list(): CommentVoteRecord[] {
    return this.scope.all(COMMENT_VOTES);
  }

  get(commentId: number, anonymousId: string): CommentVoteRecord | undefined {
    return this.scope.first(COMMENT_VOTES, 'comment_id = ? AND anonymous_id = ?', [commentId, anonymousId]);
  }

  insert(v: CommentVoteRecord): void {
    insertRow(this.scope.sql, COMMENT_VOTES, this.scope.portalId, v);
  }

  delete(commentId: number, anonymousId: string): void {
    this.scope.sql.run('DELETE FROM comment_votes WHERE portal_id = ? AND comment_id = ? AND anonymous_id = ?', [
      this.scope.portalId,
      commentId,
      anonymousId,
    ]);
  }
}
