import { UsageError } from '../../../errors.js';
import { isUuid } from '../../../resolve/group.js';

/** A user reference as the API takes it: the UUID key as is, an integer id as a number. */
export function userRef(user: string): string | number {
  if (/^\d+$/.test(user)) return Number(user);
  if (isUuid(user)) return user;
  throw new UsageError(`invalid user "${user}": expected the user's UUID or integer id`);
}
