import type { ApiClient } from '../../client/api-client.js';
import type { Category } from '../../contract/schemas/category.js';
import { ApiError } from '../../client/errors.js';
import { UsageError } from '../errors.js';

/** A category by id, or by its exact (unique) name. */
export async function resolveCategory(client: ApiClient, idOrName: string): Promise<Category> {
  const { data } = await client.call('categories.list', {});
  const byId = /^\d+$/.test(idOrName) ? data.find((c) => c.id === Number(idOrName)) : undefined;
  if (byId) return byId;
  const byName = data.filter((c) => c.name === idOrName);
  if (byName.length === 1) return byName[0];
  const loose = data.filter((c) => c.name.toLowerCase() === idOrName.toLowerCase());
  if (loose.length === 1) return loose[0];
  if (loose.length > 1) throw new UsageError(`"${idOrName}" matches several categories; use the id`);
  throw new ApiError(404, /^\d+$/.test(idOrName) ? 'Category not found.' : `No category named "${idOrName}".`);
}
