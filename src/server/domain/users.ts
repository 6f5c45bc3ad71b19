import type { Portal } from '../store/portal.js';
import type { UserRecord } from '../../seed-file/seed-file.js';
import { randomUUID } from 'node:crypto';
import type { UserBulkBody, UserCreateBody, UserUpdateBody } from '../../contract/schemas/user.js';
import { NotFoundError, noQueryResults, RuleViolation, ValidationError } from './errors.js';

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

const USER_PAGE_DEFAULT = 10;

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

const EMAIL_TAKEN = 'The email has already been taken.';

function assertEmailFree(portal: Portal, email: string, except?: UserRecord): void {
  const holder = portal.users.byEmail(email);
  if (holder && holder.id !== except?.id) throw ValidationError.field('email', EMAIL_TAKEN);
}

/** An invited user (D-USER-WRITE): a new UUID key and the next integer id; the password is not kept. */
export function createUser(portal: Portal, input: UserCreateBody, now: Date): UserRecord {
  assertEmailFree(portal, input.email);
  const user: UserRecord = {
    id: randomUUID(),
    database_id: portal.users.nextDatabaseId(),
    name: input.name,
    email: input.email,
    role: input.role ?? 'user',
    created_at: now.toISOString(),
  };
  portal.users.insert(user);
  return portal.users.get(user.id)!;
}

/** Only the fields sent change (D-USER-WRITE). */
export function updateUser(portal: Portal, ref: string, input: UserUpdateBody): UserRecord {
  const user = findUserByRef(portal, ref);
  if (input.email !== undefined) assertEmailFree(portal, input.email, user);
  const patch: Partial<UserRecord> = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.email !== undefined) patch.email = input.email;
  if (input.role !== undefined) patch.role = input.role;
  portal.users.update(user.id, patch);
  return portal.users.get(user.id)!;
}

/** The account goes; what the user wrote stays, shown with a deleted author (D-USER-DELETE). */
export function deleteUser(portal: Portal, ref: string): void {
  portal.users.delete(findUserByRef(portal, ref).id);
}

/** The field error of a blocked user named by `user_id` (D-USER-BULK). */
export const USER_BLOCKED = 'The user is blocked.';

/** A blocked user cannot vote for themselves through the API (D-USER-BULK). */
export function assertNotBlocked(portal: Portal, user: UserRecord): void {
  if (portal.users.isBlocked(user.id)) throw new RuleViolation('User is blocked.');
}

/** Every user of a bulk list, or a 422 naming each item that names none (nothing changes then). */
function usersOfList(portal: Portal, refs: UserBulkBody['user_ids']): UserRecord[] {
  const errors: Record<string, string[]> = {};
  const users = new Map<string, UserRecord>();
  refs.forEach((ref, i) => {
    const user = userByKeyOrDatabaseId(portal, ref);
    if (user) users.set(user.id, user);
    else errors[`user_ids.${i}`] = [`The selected user_ids.${i} is invalid.`];
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return [...users.values()];
}

const usersWord = (n: number) => (n === 1 ? '1 user' : `${n} users`);

/** U7/U8: blocks or unblocks the users listed; `count` is the users named (each once). */
export function setUsersBlocked(portal: Portal, body: UserBulkBody, blocked: boolean, now: Date) {
  const users = usersOfList(portal, body.user_ids);
  portal.users.setBlocked(
    users.map((u) => u.id),
    blocked ? now.toISOString() : null,
  );
  return {
    success: true,
    count: users.length,
    message: `${usersWord(users.length)} ${blocked ? 'blocked' : 'unblocked'}.`,
  };
}

/** U9: deletes the users listed as the single delete does. */
export function deleteUsers(portal: Portal, body: UserBulkBody) {
  const users = usersOfList(portal, body.user_ids);
  for (const user of users) portal.users.delete(user.id);
  return { success: true, count: users.length, message: `${usersWord(users.length)} deleted.` };
}
