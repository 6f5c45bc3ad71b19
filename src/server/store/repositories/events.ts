import type { EventRecord } from '../state.js';
import { EVENTS, insertRow } from '../tables.js';
import type { PortalScope } from './portal-scope.js';

/** A portal's recorded domain events, in the order they happened. */
export class EventRepository {
  constructor(private readonly scope: PortalScope) {}

  list(): EventRecord[] {
    return this.scope.all(EVENTS);
  }

  record(e: EventRecord): void {
    insertRow(this.scope.sql, EVENTS, this.scope.portalId, e);
  }
}
