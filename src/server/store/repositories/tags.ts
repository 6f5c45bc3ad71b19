import { sameName } from '../../../contract/name-key.js';
import type { TagRecord } from '../../../seed-file/seed-file.js';
import { insertRow, TAGS, updateRow } from '../tables.js';
import type { PortalScope } from './portal-scope.js';

/** A portal's post tags. */
export class TagRepository {
  constructor(private readonly scope: PortalScope) {}

  list(): TagRecord[] {
    return this.scope.all(TAGS);
  }

  get(id: string): TagRecord | undefined {
    return this.scope.first(TAGS, 'id = ?', [id]);
  }

  /** Names are unique per portal, compared by their key (D-NAME-KEY). */
  named(name: string): TagRecord | undefined {
    return this.list().find((t) => sameName(t.name, name));
  }

  /** New tag ids are the digits of the portal's counter. */
  nextId(): string {
    return String(this.scope.nextId('tags'));
  }

  insert(t: TagRecord): void {
    insertRow(this.scope.sql, TAGS, this.scope.portalId, t);
  }

  update(id: string, patch: Partial<TagRecord>): void {
    updateRow(this.scope.sql, TAGS, this.scope.portalId, { id }, patch);
  }

  /** Deleting a tag also takes it off every post. */
  delete(id: string): void {
    const { sql, portalId } = this.scope;
    sql.run('DELETE FROM tags WHERE portal_id = ? AND id = ?', [portalId, id]);
    sql.run('DELETE FROM post_tags WHERE portal_id = ? AND tag_id = ?', [portalId, id]);
  }
}
