import type { ApiClient } from '../../client/api-client.js';
import { pickNamed } from './by-name.js';
import { listed, type Say } from './listed.js';

/** Tag ids from ids or names; as typed (`asTyped`) where the portal lists no tags. */
export async function resolveTags(
  client: ApiClient,
  typed: readonly string[],
  say?: Say,
): Promise<{ ids: string[]; asTyped: boolean }> {
  const tags = await listed(client, 'tags', say, '--tag values are sent as typed (tag ids)');
  if (!tags) return { ids: [...typed], asTyped: true };
  const what = { kind: 'tag', flag: '--tag', plural: 'tags' };
  return {
    ids: typed.map(
      (t) =>
        pickNamed(
          tags,
          t,
          what,
          (tag) => [tag.id, tag.name],
          (tag) => `${tag.name} (${tag.id})`,
        ).id,
    ),
    asTyped: false,
  };
}
