import type { PortalState, UserRecord } from '../store/state.js';
import { NotFoundError, noQueryResults } from './errors.js';

/** A user by UUID key (any case, as the database's collation compares), or by integer database id (a number or digits). */
export function userByKeyOrDatabaseId(portal: PortalState, ref: string | number): UserRecord | undefined {
  if (typeof ref === 'number' || /^\d+$/.test(ref)) {
    const dbId = Number(ref);
    return Number.isSafeInteger(dbId) ? portal.userByDatabaseId(dbId) : undefined;
  }
  return portal.userIgnoringCase(ref);
}

/** A user named in a path; the service's 404 otherwise. */
export function findUserByRef(portal: PortalState, ref: string): UserRecord {
  const user = userByKeyOrDatabaseId(portal, ref);
  if (!user) throw noQueryResults('User', ref);
  return user;
}

/** Laravel's `firstOrFail()` names no id: `No query results for model [App\Models\User].` */
export function findUserByEmail(portal: PortalState, email: string): UserRecord {
  const user = portal.userByEmail(email);
  if (!user) throw new NotFoundError('No query results for model [App\\Models\\User].');
  return user;
}

export const USER_PAGE_DEFAULT = 10;

/** One page of users in the order they joined, as the post list pages: `hasMore` when users remain past it. */
export function listUsers(
  portal: PortalState,
  query: { skip?: number; limit?: number },
): { users: UserRecord[]; total: number; skip: number; limit: number; hasMore: boolean } {
  const skip = query.skip ?? 0;
  const limit = query.limit ?? USER_PAGE_DEFAULT;
  const users = portal.usersPage(skip, limit);
  const total = portal.userCount();
  return { users, total, skip, limit, hasMore: skip + users.length < total };
}
