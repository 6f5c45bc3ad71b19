import type { SavedQueryRecord } from '../../../seed-file/seed-file.js';
import { SAVED_QUERIES } from '../tables.js';
import type { PortalScope } from './portal-scope.js';

/** A portal's saved post-list queries (the seed sets them; the API only reads them). */
export class SavedQueryRepository {
  constructor(private readonly scope: PortalScope) {}

  list(): SavedQueryRecord[] {
    return this.scope.all(SAVED_QUERIES);
  }

  get(id: number): SavedQueryRecord | undefined {
    return this.scope.first(SAVED_QUERIES, 'id = ?', [id]);
  }
}
