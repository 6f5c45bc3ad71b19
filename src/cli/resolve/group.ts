import type { ApiClient } from '../../client/api-client.js';
import { ApiError } from '../../client/errors.js';
import type { Group } from '../../contract/schemas/group.js';
import { UsageError } from '../errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID.test(value);

/**
 * A group by its id (a UUID, fetched directly so the portal's own 404 shows) or by its
 * exact name, falling back to a name that differs only in case when that one is unique.
 */
export async function resolveGroup(client: ApiClient, idOrName: string): Promise<Group> {
  if (isUuid(idOrName)) return (await client.call('groups.get', { params: { id: idOrName } })).data;
  const { data } = await client.call('groups.list', {});
  const exact = data.filter((g) => g.name === idOrName);
  if (exact.length === 1) return exact[0];
  const loose = data.filter((g) => g.name.toLowerCase() === idOrName.toLowerCase());
  if (loose.length === 1) return loose[0];
  if (loose.length > 1) throw new UsageError(`"${idOrName}" matches several groups; use the id`);
  throw new ApiError(404, `No group named "${idOrName}".`);
}
