import type { ApiClient } from '../../client/api-client.js';
import { allPosts } from '../../client/paginate.js';
import type { KeepNames } from '../framework/flags.js';
import { pickNamed } from './by-name.js';
import { listed, type Say } from './listed.js';

/**
 * Status ids from ids or names. The names come from the status list (D-STATUS-LIST); where the
 * portal does not offer it, from the statuses the portal's posts carry (read page by page).
 * Nothing is read when only ids are given. Either way every status was read, so completion
 * keeps them all.
 */
export async function resolveStatuses(
  client: ApiClient,
  given: readonly string[],
  say?: Say,
  keep?: KeepNames,
): Promise<number[]> {
  if (given.every((s) => /^\d+$/.test(s))) return given.map(Number);
  const statuses =
    (await listed(client, 'statuses', say, "status names are looked up in the posts' statuses")) ??
    (await statusesSeen(client));
  await keep?.('statuses', statuses);
  const what = { kind: 'status', flag: '--status', plural: 'statuses' };
  return given.map((s) => (/^\d+$/.test(s) ? Number(s) : pickNamed(statuses, s, what).id));
}

async function statusesSeen(client: ApiClient): Promise<Array<{ id: number; name: string }>> {
  const seen = new Map<number, { id: number; name: string }>();
  for await (const post of allPosts(client, { format: 'full' })) {
    const status = 'status' in post ? (post.status as { id: number; name: string } | null) : null;
    if (status) seen.set(status.id, { id: status.id, name: status.name });
  }
  return [...seen.values()];
}
