import { sameName } from '../../../contract/name-key.js';
import type { StatusRecord } from '../../../seed-file/seed-file.js';
import { insertRow, STATUSES, updateRow } from '../tables.js';
import type { PortalScope } from './portal-scope.js';

/** A portal's post statuses. */
export class StatusRepository {
  constructor(private readonly scope: PortalScope) {}

  list(): StatusRecord[] {
    return this.scope.all(STATUSES);
  }

  get(id: number): StatusRecord | undefined {
    return this.scope.byId(STATUSES, id);
  }

  /** Names are unique per portal, compared by their key (D-NAME-KEY). */
  named(name: string): StatusRecord | undefined {
    return this.list().find((s) => sameName(s.name, name));
  }

  /** How many posts (of any moderation status) are on the status. */
  postCount(id: number): number {
    const { sql, portalId } = this.scope;
    return sql.value<number>('SELECT count(*) FROM posts WHERE portal_id = ? AND status_id = ?', [portalId, id]) ?? 0;
  }

  nextId(): number {
    return this.scope.nextId('statuses');
  }

  insert(s: StatusRecord): void {
    insertRow(this.scope.sql, STATUSES, this.scope.portalId, s);
  }

  update(id: number, patch: Partial<StatusRecord>): void {
    updateRow(this.scope.sql, STATUSES, this.scope.portalId, { id }, patch);
  }

  /** The posts on a status show on its board: a status that changes board takes them along. */
  movePosts(id: number, tabId: number | null): void {
    const { sql, portalId } = this.scope;
    sql.run('UPDATE posts SET tab_id = ? WHERE portal_id = ? AND status_id = ?', [tabId, portalId, id]);
  }

  delete(id: number): void {
    this.scope.sql.run('DELETE FROM statuses WHERE portal_id = ? AND id = ?', [this.scope.portalId, id]);
  }
}
