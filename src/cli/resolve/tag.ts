import type { ApiClient } from '../../client/api-client.js';
import { pickNamed } from './by-name.js';
import { namedList } from './named-list.js';

/** Tag ids from ids or names; as typed where the portal lists no tags. */
export async function resolveTags(client: ApiClient, typed: readonly string[]): Promise<string[]> {
  const tags = await namedList(client, 'tags');
  if (!tags) return [...typed];
  const what = { kind: 'tag', flag: '--tag', plural: 'tags' };
  return typed.map((t) => pickNamed(tags, t, what, (tag) => [tag.id, tag.name], (tag) => `${tag.name} (${tag.id})`).id);
}
