import type { PortalScope } from './portal-scope.js';

/** Pending items created with `silent: true`: approving one later announces nothing either. */
export class SilencedItemRepository {
  constructor(private readonly scope: PortalScope) {}

  add(kind: 'comment' | 'post', id: string | number): void {
    const { sql, portalId } = this.scope;
    sql.run('INSERT OR IGNORE INTO silenced_items (portal_id, kind, item_id) VALUES (?, ?, ?)', [
      portalId,
      kind,
      String(id),
    ]);
  }

  /** True when the item was silenced; it is forgotten either way (it is being approved, rejected or deleted). */
  take(kind: 'comment' | 'post', id: string | number): boolean {
    const { sql, portalId } = this.scope;
    return (
      sql.run('DELETE FROM silenced_items WHERE portal_id = ? AND kind = ? AND item_id = ?', [
        portalId,
        kind,
        String(id),
      ]) > 0
    );
  }
}
