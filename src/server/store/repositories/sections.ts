import type { SectionRecord } from '../../../seed-file/seed-file.js';
import { insertRow, SECTIONS, updateRow } from '../tables.js';
import type { PortalScope } from './portal-scope.js';

/** A portal's sections of tabs; section ids are unique across the store's portals. */
export class SectionRepository {
  constructor(private readonly scope: PortalScope) {}

  list(): SectionRecord[] {
    return this.scope.all(SECTIONS);
  }

  /** The sections of a tab, in the order they were created. */
  ofTab(tabId: number): SectionRecord[] {
    return this.scope.list(SECTIONS, 'tab_id = ?', [tabId]);
  }

  /** Sections under a parent (null: the top-level ones), in their order. */
  children(parentId: number | null): SectionRecord[] {
    return parentId === null
      ? this.scope.list(SECTIONS, 'parent_id IS NULL', [], 'tab_id, sort_order, row')
      : this.scope.list(SECTIONS, 'parent_id = ?', [parentId], 'sort_order, row');
  }

  get(id: number): SectionRecord | undefined {
    return this.scope.first(SECTIONS, 'id = ?', [id]);
  }

  bySlug(slug: string): SectionRecord | undefined {
    return this.scope.first(SECTIONS, 'slug = ? ORDER BY row', [slug]);
  }

  /** The next section id, from the store's counter. */
  nextId(): number {
    return this.scope.nextSectionId();
  }

  insert(s: SectionRecord): void {
    insertRow(this.scope.sql, SECTIONS, this.scope.portalId, s);
  }

  update(id: number, patch: Partial<SectionRecord>): void {
    updateRow(this.scope.sql, SECTIONS, this.scope.portalId, { id }, patch);
  }

  /** How many posts (of any moderation status) are in the section. */
  postCount(id: number): number {
    const { sql, portalId } = this.scope;
    return sql.value<number>('SELECT count(*) FROM posts WHERE portal_id = ? AND section_id = ?', [portalId, id]) ?? 0;
  }

  delete(id: number): void {
    this.scope.sql.run('DELETE FROM sections WHERE portal_id = ? AND id = ?', [this.scope.portalId, id]);
  }
}
