import type { WidgetRecord } from '../../../seed-file/seed-file.js';
import { WIDGETS } from '../tables.js';
import type { PortalScope } from './portal-scope.js';

/** A portal's embedded widgets (the seed sets them; the API only reads them, D-WIDGETS). */
export class WidgetRepository {
  constructor(private readonly scope: PortalScope) {}

  list(): WidgetRecord[] {
    return this.scope.all(WIDGETS);
  }

  /** A widget by its id (a UUID), whatever its case. */
  get(id: string): WidgetRecord | undefined {
    return this.scope.first(WIDGETS, 'id_lc = ?', [id.toLowerCase()]);
  }
}
