import type { TabRecord } from '../../../seed-file/seed-file.js';
import { TABS, updateRow } from '../tables.js';
import type { PortalScope } from './portal-scope.js';

/** A portal's tabs (boards, roadmap, changelog, knowledge bases). */
export class TabRepository {
  constructor(private readonly scope: PortalScope) {}

  list(): TabRecord[] {
    return this.scope.all(TABS);
  }

  get(id: number): TabRecord | undefined {
    return this.scope.byId(TABS, id);
  }

  bySlug(slug: string): TabRecord | undefined {
    return this.scope.first(TABS, 'slug = ? ORDER BY row', [slug]);
  }

  update(id: number, patch: Partial<TabRecord>): void {
    updateRow(this.scope.sql, TABS, this.scope.portalId, { id }, patch);
  }
}
