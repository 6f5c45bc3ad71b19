import type { ReferenceRecord } from '../../../seed-file/seed-file.js';
import { insertRow, REFERENCES } from '../tables.js';
import type { PortalScope } from './portal-scope.js';

/** A portal's post references (links to issues elsewhere). */
export class ReferenceRepository {
  constructor(private readonly scope: PortalScope) {}

  list(): ReferenceRecord[] {
    return this.scope.all(REFERENCES);
  }

  get(id: number): ReferenceRecord | undefined {
    return this.scope.first(REFERENCES, 'id = ?', [id]);
  }

  nextId(): number {
    return this.scope.nextId('references');
  }

  insert(r: ReferenceRecord): void {
    insertRow(this.scope.sql, REFERENCES, this.scope.portalId, r);
  }

  delete(id: number): void {
    this.scope.sql.run('DELETE FROM post_references WHERE portal_id = ? AND id = ?', [this.scope.portalId, id]);
  }
}
