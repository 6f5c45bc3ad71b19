import type { ApiClient } from '../../client/api-client.js';
import type { Category } from '../../contract/schemas/category.js';
import { ApiError } from '../../client/errors.js';
import { pickByName } from './by-name.js';

/** A category by id, or by its exact (unique) name. */
export async function resolveCategory(client: ApiClient, idOrName: string): Promise<Category> {
  const { data } = await client.call('categories.list', {});
  const byId = /^\d+$/.test(idOrName) ? data.find((c) => c.id === Number(idOrName)) : undefined;
  if (byId) return byId;
  if (/^\d+$/.test(idOrName) && !data.some((c) => c.name.toLowerCase() === idOrName.toLowerCase())) {
    throw new ApiError(404, 'Category not found.');
  }
  return pickByName(data, idOrName, 'category');
}
