import type { ApiClient } from '../../client/api-client.js';
import type { Group } from '../../contract/schemas/group.js';
import { UUID } from '../../contract/validation.js';
import { pickByName } from './by-name.js';

export const isUuid = (value: string) => UUID.test(value);

/**
 * A group by its id (a UUID, fetched directly so the portal's own 404 shows) or by its
 * exact name, falling back to a name that differs only in case when that one is unique.
 */
export async function resolveGroup(client: ApiClient, idOrName: string): Promise<Group> {
  if (isUuid(idOrName)) return (await client.call('groups.get', { params: { id: idOrName } })).data;
  const { data } = await client.call('groups.list', {});
  return pickByName(data, idOrName, 'group');
}
