import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultConfigDir } from '../config/config-file.js';

/** Sources whose names are kept from the last list for completion, and the field that names an item. */
const NAME_FIELD = { categories: 'name', groups: 'name', posts: 'id' } as const;
export type CachedSource = keyof typeof NAME_FIELD;
export const CACHED_SOURCES = Object.keys(NAME_FIELD) as CachedSource[];

/** What completion offers for the items of a list: their names (post keys for posts). */
export const namesOf = (source: CachedSource, items: unknown[]): string[] =>
  items.map((i) => (i as Record<string, unknown> | null)?.[NAME_FIELD[source]]).filter((n): n is string => typeof n === 'string');

type Env = Record<string, string | undefined>;
type Cache = Partial<Record<CachedSource, string[]>>;

/** `<config dir>/completion/<profile>.json`: `{categories: [names], groups: [names], posts: [keys]}`. */
const cacheFile = (env: Env, profile: string) => join(env.FP_CONFIG_DIR || defaultConfigDir(env), 'completion', `${profile}.json`);

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
export function keepNames(env: Env, profile: string, source: CachedSource, names: string[]): void {
  const file = cacheFile(env, profile);
  try {
    mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, `${JSON.stringify({ ...read(env, profile), [source]: [...new Set(names)] })}\n`, { mode: 0o600 });
    renameSync(temp, file);
  } catch {
    // Completion then offers what it had before.
  }
}
