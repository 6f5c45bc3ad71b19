import type { CommentRecord } from '../../../seed-file/seed-file.js';
import { COMMENTS, insertRow, updateRow } from '../tables.js';
import type { PortalScope } from './portal-scope.js';

type Row = Record<string, unknown>;

/** A portal's comments and replies. */
export class CommentRepository {
  constructor(private readonly scope: PortalScope) {}

  /** Every comment in the order they were made (for dumps and tests; requests use the indexed reads). */
  list(): CommentRecord[] {
    return this.scope.all(COMMENTS);
  }

  get(id: number): CommentRecord | undefined {
    return this.scope.first(COMMENTS, 'id = ?', [id]);
  }

  /** Every comment of a post: pinned first, then oldest first, ties by id. */
  ofPost(key: string): CommentRecord[] {
    return this.scope.sql
      .all<Row>(
        `SELECT ${COMMENTS.select} FROM comments INDEXED BY comments_by_post WHERE portal_id = ? AND post_key = ? ORDER BY pinned_to_top DESC, created_ms, id`,
        [this.scope.portalId, key],
      )
      .map(COMMENTS.fromRow);
  }

  /** The ids of the direct replies to a comment. */
  replyIds(commentId: number): number[] {
    return this.scope.sql
      .all<{ id: number }>('SELECT id FROM comments WHERE portal_id = ? AND parent_id = ? ORDER BY row', [
        this.scope.portalId,
        commentId,
      ])
      .map((c) => c.id);
  }

  /** Comments in a moderation state, highest id first, below a cursor id when given. */
  byModeration(
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
    return this.scope.list(COMMENTS, where, [status, below ?? Number.MAX_SAFE_INTEGER], 'id DESC', limit, offset);
  }

  nextId(): number {
    return this.scope.nextId('comments');
  }

  insert(c: CommentRecord): void {
    insertRow(this.scope.sql, COMMENTS, this.scope.portalId, c);
  }

  update(id: number, patch: Partial<CommentRecord>): void {
    updateRow(this.scope.sql, COMMENTS, this.scope.portalId, { id }, patch);
  }

  /** Takes the changelog tag off every other comment of the post. */
  untagChangelogExcept(postKey: string, commentId: number): void {
    this.scope.sql.run(
      'UPDATE comments SET tagged_for_changelog = 0 WHERE portal_id = ? AND post_key = ? AND id != ? AND tagged_for_changelog = 1',
      [this.scope.portalId, postKey, commentId],
    );
  }

  /** Deletes the comments; replies to them become top-level comments. */
  delete(ids: number[]): void {
    const { sql, portalId } = this.scope;
    for (const id of ids) sql.run('DELETE FROM comments WHERE portal_id = ? AND id = ?', [portalId, id]);
    for (const id of ids)
      sql.run('UPDATE comments SET parent_id = NULL WHERE portal_id = ? AND parent_id = ?', [portalId, id]);
  }
}
