import type { TagRecord } from '../state.js';
import { TAGS } from '../tables.js';
import type { PortalScope } from './portal-scope.js';

/** A portal's post tags. */
export class TagRepository {
  constructor(private readonly scope: PortalScope) {}

  list(): TagRecord[] {
    return this.scope.all(TAGS);
  }
}
