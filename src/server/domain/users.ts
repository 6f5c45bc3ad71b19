import type { Portal } from '../store/portal.js';
import type { UserRecord } from '../store/state.js';
import { NotFoundError, noQueryResults } from './errors.js';

/** A user by UUID key (any case, as the database's collation compares), or by integer database id (a number or digits). */
export function userByKeyOrDatabaseId(portal: Portal, ref: string | number): UserRecord | undefined {
  if (typeof ref === 'number' || /^\d+$/.test(ref)) {
    const dbId = Number(ref);
    return Number.isSafeInteger(dbId) ? portal.users.byDatabaseId(dbId) : undefined;
  }
  return portal.users.getIgnoringCase(ref);
}

/** A user named in a path; the service's 404 otherwise. */
export function findUserByRef(portal: Portal, ref: string): UserRecord {
  const user = userByKeyOrDatabaseId(portal, ref);
  if (!user) throw noQueryResults('User', ref);
  return user;
}

/** Laravel's `firstOrFail()` names no id: `No query results for model [App\Models\User].` */
export function findUserByEmail(portal: Portal, email: string): UserRecord {
  const user = portal.users.byEmail(email);
  if (!user) throw new NotFoundError('No query results for model [App\\Models\\User].');
  return user;
}

export const USER_PAGE_DEFAULT = 10;

/** One page of users in the order they joined, as the post list pages: `hasMore` when users remain past it. */
export function listUsers(
  portal: Portal,
  query: { skip?: number; limit?: number },
): { users: UserRecord[]; total: number; skip: number; limit: number; hasMore: boolean } {
  const skip = query.skip ?? 0;
  const limit = query.limit ?? USER_PAGE_DEFAULT;
  const users = portal.users.page(skip, limit);
  const total = portal.users.count();
  return { users, total, skip, limit, hasMore: skip + users.length < total };
}
