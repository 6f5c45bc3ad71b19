import type { ApiClient } from '../../client/api-client.js';
import { UsageError } from '../errors.js';
import type { KeepNames } from '../framework/flags.js';
import { pickNamed } from './by-name.js';
import { isUuid } from './group.js';
import { namedList } from './named-list.js';

/**
 * A user's UUID from their UUID, e-mail, name or integer id. A UUID is sent without a lookup;
 * the rest comes from the reference server's user list (an integer id it does not know is
 * sent as it is, for the portal's own 404). Where no list answers (the hosted
 * service, a read-only key) an integer id is kept as a number and a name is a usage error.
 */
export async function resolveUser(
  client: () => Promise<ApiClient>,
  typed: string,
  flag: string,
  keep?: KeepNames,
): Promise<string | number> {
  if (isUuid(typed)) return typed;
  const users = await namedList(await client(), 'users');
  if (!users) {
    if (/^\d+$/.test(typed)) return Number(typed);
    throw new UsageError(`${flag} "${typed}": this portal lists no users; give the user's UUID`);
  }
  await keep?.('users', users);
  if (/^\d+$/.test(typed)) return users.find((u) => u.database_id === Number(typed))?.id ?? Number(typed);
  const what = { kind: 'user', flag, plural: 'users' };
  const keysOf = (u: (typeof users)[number]) => [u.email, u.name].filter(Boolean);
  return pickNamed(users, typed, what, keysOf, (u) => (u.email ? `${u.name} <${u.email}>` : u.name)).id;
}
