import { sameName } from '../../../contract/name-key.js';
import type { CategoryRecord, PostRecord } from '../../../seed-file/seed-file.js';
import { CATEGORIES, insertRow, updateRow } from '../tables.js';
import type { PortalScope } from './portal-scope.js';

/** A portal's categories: a small table, read from a cache that any write makes stale. */
export class CategoryRepository {
  constructor(private readonly scope: PortalScope) {}

  /** Every category, in the order they were created; callers get copies. */
  list(): CategoryRecord[] {
    return this.scope.cached('categories:list', () => this.scope.all(CATEGORIES)).map((c) => ({ ...c }));
  }

  get(id: number): CategoryRecord | undefined {
    return this.scope.byId(CATEGORIES, id);
  }

  /** Names are unique per portal, compared case-sensitively by their key (D-NAME-KEY). */
  named(name: string): CategoryRecord | undefined {
    return this.list().find((c) => sameName(c.name, name));
  }

  /** Categories of a post, in the post's order; ids of deleted categories are skipped. */
  ofPost(post: Pick<PostRecord, 'category_ids'>): CategoryRecord[] {
    return post.category_ids.flatMap((id) => this.get(id) ?? []);
  }

  /** The highest sort order given so far, 0 when there is none (or only negative ones). */
  highestSortOrder(): number {
    const { sql, portalId } = this.scope;
    return (
      sql.value<number>('SELECT max(0, coalesce(max(sort_order), 0)) FROM categories WHERE portal_id = ?', [
        portalId,
      ]) ?? 0
    );
  }

  nextId(): number {
    return this.scope.nextId('categories');
  }

  insert(c: CategoryRecord): void {
    insertRow(this.scope.sql, CATEGORIES, this.scope.portalId, c);
  }

  update(id: number, patch: Partial<CategoryRecord>): void {
    updateRow(this.scope.sql, CATEGORIES, this.scope.portalId, { id }, patch);
  }

  /** Deleting a category also takes it off every post. */
  delete(id: number): void {
    const { sql, portalId } = this.scope;
    sql.run('DELETE FROM categories WHERE portal_id = ? AND id = ?', [portalId, id]);
    sql.run('DELETE FROM post_categories WHERE portal_id = ? AND category_id = ?', [portalId, id]);
  }
}
