import type { ApiClient } from '../../client/api-client.js';
import { allPosts } from '../../client/paginate.js';
import { pickNamed } from './by-name.js';

/**
 * Status ids from ids or names. The API has no status list: the names are those of the
 * statuses the portal's posts carry (read page by page only when a name is given).
 */
export async function resolveStatuses(client: ApiClient, given: readonly string[]): Promise<number[]> {
  if (given.every((s) => /^\d+$/.test(s))) return given.map(Number);
  const seen = new Map<number, { id: number; name: string }>();
  for await (const post of allPosts(client, { format: 'full' })) {
    const status = 'status' in post ? (post.status as { id: number; name: string } | null) : null;
    if (status) seen.set(status.id, { id: status.id, name: status.name });
  }
  const statuses = [...seen.values()];
  return given.map((s) => (/^\d+$/.test(s) ? Number(s) : pickNamed(statuses, s, { kind: 'status', flag: '--status', plural: 'statuses' }).id));
}
