import type { ApiClient } from '../../client/api-client.js';
import { ApiError } from '../../client/errors.js';
import type { NamedItem, NamedList } from '../../contract/schemas/named-lists.js';
import { namedList } from './named-list.js';

/** A line for people on stderr (a note about how a name was resolved). */
export type Say = (line: string) => void;

/** The most sections a name is looked up among: the tree is read a level at a time. */
const SECTIONS_AT_MOST = 500;

/**
 * A 404 that says the operation is not offered (an unknown route), not that an item is
 * missing: Laravel words a missing model `No query results for model [...]`.
 */
export function notOffered(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404 && !/^No query results for model/.test(err.message);
}

const API_PATH: Record<Exclude<NamedList, 'users'>, string> = {
  statuses: '/api/v1/statuses',
  tags: '/api/v1/tags',
  tabs: '/api/v1/tabs',
  sections: '/api/v1/sections',
};

/** Notes already said in this run: each fallback is said once. */
const said = new Set<string>();

/** Say `line` unless it was said already in this run. */
export function sayOnce(say: Say | undefined, line: string): void {
  if (!say || said.has(line)) return;
  said.add(line);
  say(line);
}

/**
 * The portal's statuses, tags, tabs or sections through the API's list operations (assumed
 * shapes: D-STATUS-LIST, D-TAG-LIST, D-TAB-LIST, D-SECTION-LIST). Where the portal answers 404
 * (it does not offer the list), what `fp` did before: the reference server's inspection list,
 * else undefined; the fallback is said once on stderr, with `fallback` telling what happens then.
 */
export async function listed<K extends Exclude<NamedList, 'users'>>(
  client: ApiClient,
  list: K,
  say?: Say,
  fallback = 'names are sent as typed',
): Promise<Array<NamedItem<K>> | undefined> {
  try {
    return (await fromApi(client, list)) as Array<NamedItem<K>>;
  } catch (err) {
    if (!notOffered(err)) throw err;
  }
  const inspected = await namedList(client, list);
  if (!inspected) sayOnce(say, `note: this portal does not offer GET ${API_PATH[list]} (404); ${fallback}`);
  return inspected;
}

async function fromApi(client: ApiClient, list: Exclude<NamedList, 'users'>): Promise<unknown[]> {
  switch (list) {
    case 'statuses':
      return (await client.call('statuses.list', {})).data;
    case 'tags':
      return (await client.call('tags.list', {})).data;
    case 'tabs':
      return (await client.call('tabs.list', {})).data;
    case 'sections':
      return (await sectionTree(client)).map((s) => ({ ...s, name: s.title }));
  }
}

/** Every section, the top level first and then each level's children, up to SECTIONS_AT_MOST. */
export async function sectionTree(client: ApiClient) {
  const all = [...(await client.call('sections.list', {})).data];
  for (let i = 0; i < all.length && all.length < SECTIONS_AT_MOST; i++) {
    const { data } = await client.call('sections.children', { params: { section: String(all[i].id) } });
    all.push(...data.filter((child) => !all.some((s) => s.id === child.id)));
  }
  return all.slice(0, SECTIONS_AT_MOST);
}
