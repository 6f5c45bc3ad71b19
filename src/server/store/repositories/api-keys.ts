import type { ApiKeyRecord } from '../../../seed-file/seed-file.js';
import { API_KEYS } from '../tables.js';
import type { PortalScope } from './portal-scope.js';

/** A portal's API keys (the seed sets them; every request reads them, from a cache). */
export class ApiKeyRepository {
  constructor(private readonly scope: PortalScope) {}

  /** Every key in seed order; callers get copies. */
  list(): ApiKeyRecord[] {
    return this.scope.cached('api_keys:list', () => this.scope.all(API_KEYS)).map((k) => ({ ...k }));
  }

  get(token: string): ApiKeyRecord | undefined {
    return this.list().find((k) => k.token === token);
  }
}
