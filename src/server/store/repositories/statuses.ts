import type { StatusRecord } from '../state.js';
import { STATUSES } from '../tables.js';
import type { PortalScope } from './portal-scope.js';

/** A portal's post statuses. */
export class StatusRepository {
  constructor(private readonly scope: PortalScope) {}

  list(): StatusRecord[] {
    return this.scope.all(STATUSES);
  }

  get(id: number): StatusRecord | undefined {
    return this.scope.byId(STATUSES, id);
  }
}
