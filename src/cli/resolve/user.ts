import type { ApiClient } from '../../client/api-client.js';
import { ApiError } from '../../client/errors.js';
import { offsetPages } from '../../client/paginate.js';
import type { NamedItem } from '../../contract/schemas/named-lists.js';
import { UsageError } from '../errors.js';
import type { KeepNames } from '../framework/flags.js';
import { pickNamed } from './by-name.js';
import { isUuid } from './group.js';
import { notOffered, sayOnce, type Say } from './listed.js';
import { namedList } from './named-list.js';

type Listed = Pick<NamedItem<'users'>, 'id' | 'database_id' | 'name' | 'email'>;

/**
 * A user's UUID from their UUID, e-mail, name or integer id. A UUID is sent without a lookup;
 * an integer id and an e-mail are asked of the user operations (D-USER-GET, D-USER-FIND), a
 * name is picked from the user list (D-USER-LIST). Where the portal does not offer them, the
 * reference server's inspection list answers; where none answers an integer id is kept as a
 * number and anything else is a usage error.
 */
export async function resolveUser(
  client: () => Promise<ApiClient>,
  typed: string,
  flag: string,
  keep?: KeepNames,
  say?: Say,
): Promise<string | number> {
  if (isUuid(typed)) return typed;
  const c = await client();
  try {
    return (await fromApi(c, typed, flag, keep)).id;
  } catch (err) {
    if (!notOffered(err)) throw err;
  }
  sayOnce(say, `note: this portal does not offer the user operations (404); ${flag} takes a UUID or an integer id`);
  const users = await namedList(c, 'users');
  if (!users) {
    if (/^\d+$/.test(typed)) return Number(typed);
    throw new UsageError(`${flag} "${typed}": this portal lists no users; give the user's UUID`);
  }
  await keep?.('users', users);
  if (/^\d+$/.test(typed)) return users.find((u) => u.database_id === Number(typed))?.id ?? Number(typed);
  return pickUser(users, typed, flag);
}

async function fromApi(c: ApiClient, typed: string, flag: string, keep?: KeepNames): Promise<Listed> {
  if (/^\d+$/.test(typed)) return (await c.call('users.get', { params: { user: typed } })).data;
  if (typed.includes('@')) {
    try {
      return (await c.call('users.findByEmail', { query: { email: typed } })).data;
    } catch (err) {
      // No such user: the list below names the closest and the valid ones.
      if (!(err instanceof ApiError && err.status === 404 && !notOffered(err))) throw err;
    }
  }
  const users: Listed[] = [];
  const pages = offsetPages((skip) => c.call('users.list', { query: { skip, limit: 100 } }));
  for await (const page of pages) users.push(...page);
  await keep?.('users', users);
  return { id: pickUser(users, typed, flag) } as Listed;
}

function pickUser(users: readonly Listed[], typed: string, flag: string): string {
  const what = { kind: 'user', flag, plural: 'users' };
  // The name first: it is what a suggestion shows.
  const keysOf = (u: Listed) => [u.name, u.email].filter(Boolean);
  return pickNamed(users, typed, what, keysOf, (u) => (u.email ? `${u.name} <${u.email}>` : u.name)).id;
}
