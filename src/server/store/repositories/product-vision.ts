import type { ProductVisionRecord } from '../../../seed-file/seed-file.js';
import { insertRow, PRODUCT_VISIONS } from '../tables.js';
import type { PortalScope } from './portal-scope.js';

/** The portal's one product vision, or none (D-PRODUCT-VISION). */
export class ProductVisionRepository {
  constructor(private readonly scope: PortalScope) {}

  get(): ProductVisionRecord | undefined {
    return this.scope.first(PRODUCT_VISIONS, '1', []);
  }

  /** The id of a new vision: one past the highest this portal ever had (D-IDS-NEVER-REUSED). */
  nextId(): number {
    return this.scope.nextId('product_visions');
  }

  /** Writes the vision in place of the one there was. */
  put(vision: ProductVisionRecord): void {
    this.delete();
    insertRow(this.scope.sql, PRODUCT_VISIONS, this.scope.portalId, vision);
  }

  delete(): void {
    this.scope.sql.run('DELETE FROM product_visions WHERE portal_id = ?', [this.scope.portalId]);
  }
}
