import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultConfigDir } from '../config/config-file.js';

type Item = Record<string, unknown> | null | undefined;

/** Sources whose names are kept from the last list for completion, and what names one of them in a listed item. */
const NAME_OF = {
  categories: (i: Item) => i?.name,
  groups: (i: Item) => i?.name,
  posts: (i: Item) => i?.id,
  /** Status names: of the status list, or of every post when a --status name was looked up there. */
  statuses: (i: Item) => ((i?.status as Item) ?? (i && 'tab_id' in i ? i : undefined))?.name,
  /** Tag names, from the tag list. */
  tags: (i: Item) => i?.name,
  /** Tab slugs, from the tab list. */
  tabs: (i: Item) => i?.slug,
  'kb-tabs': (i: Item) => (i?.type === undefined || i.type === 'knowledge_base' ? i?.slug : undefined),
  /** Section slugs. */
  sections: (i: Item) => i?.slug,
  /** Names of the listed posts' authors, of a group's members, or of the reference server's user list. */
  users: (i: Item) => ((i?.author as Item) ?? i)?.name,
};
export type CachedSource = keyof typeof NAME_OF;
export const CACHED_SOURCES = Object.keys(NAME_OF) as CachedSource[];

/** What completion offers from the items of a list: their names, post keys, or the names of their statuses. */
export const namesOf = (source: CachedSource, items: unknown[]): string[] =>
  items.map((i) => NAME_OF[source](i as Item)).filter((n): n is string => typeof n === 'string');

type Env = Record<string, string | undefined>;
type Cache = Partial<Record<CachedSource, string[]>>;

/**
 * Whose names a cache holds: the profile in use when the portal is its own, or else the portal's
 * address (FP_BASE_URL or --base-url with FP_API_KEY and no profile), as `by-url/<its hash>`.
 */
export function cacheKey(creds: { profile?: string; baseUrl: string; urlSource: string }): string | undefined {
  if (creds.urlSource === 'profile') return creds.profile;
  const hash = createHash('sha256')
    .update(creds.baseUrl.replace(/(?<!\/)\/+$/, ''))
    .digest('hex')
    .slice(0, 16);
  return `by-url/${hash}`;
}

/** `<config dir>/completion/<key>.json`: `{categories: [names], groups: [names], posts: [keys], statuses: [names], tabs: [slugs], …}`. */
const cacheFile = (env: Env, key: string) =>
  join(env.FP_CONFIG_DIR || defaultConfigDir(env), 'completion', `${key}.json`);

function read(env: Env, profile: string): Cache {
  try {
    const data: unknown = JSON.parse(readFileSync(cacheFile(env, profile), 'utf8'));
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Cache) : {};
  } catch {
    return {};
  }
}

/** The names the last list of this source showed for the profile; none when nothing was listed yet. */
export function cachedNames(env: Env, profile: string, source: CachedSource): string[] {
  const names = read(env, profile)[source];
  return Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : [];
}

/**
 * Keep the names of a list just shown, for completion. A cache is a convenience: when it
 * cannot be written (read-only folder, full disk) the command still succeeds.
 */
export function keepNames(env: Env, profile: string, lists: Cache): void {
  const file = cacheFile(env, profile);
  try {
    mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
    const temp = `${file}.${process.pid}.tmp`;
    const unique = Object.fromEntries(Object.entries(lists).map(([source, names]) => [source, [...new Set(names)]]));
    writeFileSync(temp, `${JSON.stringify({ ...read(env, profile), ...unique })}\n`, { mode: 0o600 });
    renameSync(temp, file);
  } catch {
    // Completion then offers what it had before.
  }
}
