import type { FeedbackRecord } from '../../../seed-file/seed-file.js';
import { FEEDBACK, insertRow, updateRow } from '../tables.js';
import type { PortalScope } from './portal-scope.js';

/** A portal's feedback entries (ids `fb-<n>`, from the portal's counter). */
export class FeedbackRepository {
  constructor(private readonly scope: PortalScope) {}

  /** Every entry in the order they were made. */
  list(): FeedbackRecord[] {
    return this.scope.all(FEEDBACK);
  }

  /** Newest first; entries of the same instant, the later one first. */
  newestFirst(): FeedbackRecord[] {
    return this.scope.all(FEEDBACK, 'created_ms DESC, row DESC');
  }

  get(id: string): FeedbackRecord | undefined {
    return this.scope.first(FEEDBACK, 'id = ?', [id]);
  }

  /** The next number n of an id `fb-<n>`. */
  nextNumber(): number {
    return this.scope.nextId('feedback');
  }

  insert(f: FeedbackRecord): void {
    insertRow(this.scope.sql, FEEDBACK, this.scope.portalId, f);
  }

  update(id: string, patch: Partial<FeedbackRecord>): void {
    updateRow(this.scope.sql, FEEDBACK, this.scope.portalId, { id }, patch);
  }

  delete(id: string): void {
    this.scope.sql.run('DELETE FROM feedback WHERE portal_id = ? AND id = ?', [this.scope.portalId, id]);
  }
}
