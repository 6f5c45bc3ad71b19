import { ApiError } from '../../client/errors.js';
import { UnknownName, UsageError } from '../errors.js';

/**
 * The item with this exact name, else the one whose name differs only in case
 * when that is unique; several matches are a usage error, none a 404.
 */
export function pickByName<T extends { name: string }>(
  items: readonly T[],
  name: string,
  kind: 'category' | 'group',
): T {
  const exact = items.filter((i) => i.name === name);
  if (exact.length === 1) return exact[0];
  const loose = items.filter((i) => i.name.toLowerCase() === name.toLowerCase());
  if (loose.length === 1) return loose[0];
  if (loose.length > 1)
    throw new UsageError(`"${name}" matches several ${kind === 'category' ? 'categories' : 'groups'}; use the id`);
  throw new ApiError(
    404,
    `No ${kind} named "${name}".${didYouMean(
      items.map((i) => i.name),
      name,
    )}`,
  );
}

/** Valid names an error lists before "and N more" (a portal may have thousands of users). */
const LISTED_AT_MOST = 10;

/** Close matches an error suggests at most. */
const SUGGESTED_AT_MOST = 3;

export interface NamedKind {
  kind: string;
  /** The flag (or argument) the name was typed for. */
  flag: string;
  plural: string;
}

/**
 * Like pickByName, for names typed as a flag value or argument. An unknown name fails as an
 * unknown id does (exit 1, D-UNKNOWN-NAME), suggesting the close matches (names starting with
 * what was typed, or a slip of a letter or two) and listing at most 10 of the valid ones.
 * `keysOf` gives what an item may be called by (id, slug, name; the name by default), `labelOf`
 * how the error shows it.
 */
export function pickNamed<T extends { name: string }>(
  items: readonly T[],
  typed: string,
  what: NamedKind,
  keysOf: (item: T) => string[] = (i) => [i.name],
  labelOf: (item: T) => string = (i) => JSON.stringify(i.name),
): T {
  const matching = (same: (key: string) => boolean) => items.filter((i) => keysOf(i).some(same));
  const exact = matching((k) => k === typed);
  if (exact.length === 1) return exact[0];
  const loose = matching((k) => k.toLowerCase() === typed.toLowerCase());
  if (loose.length === 1) return loose[0];
  if (loose.length > 1)
    throw new UsageError(
      `${what.flag} "${typed}" matches several ${what.plural}: ${loose.map(labelOf).join(', ')}; use the id`,
    );
  const near = closeNames(items, keysOf, typed);
  const suggestion = near.length ? ` Did you mean ${orList(near.map((n) => JSON.stringify(n)))}?` : '';
  const labels = [...new Set(items.map(labelOf))].sort();
  const shown =
    labels.length > LISTED_AT_MOST
      ? [...labels.slice(0, LISTED_AT_MOST), `and ${labels.length - LISTED_AT_MOST} more`]
      : labels;
  const valid = labels.length
    ? `valid ${what.plural}: ${shown.join(', ')}`
    : `the portal has no ${what.plural} to choose from`;
  throw new UnknownName(`unknown ${what.kind} "${typed}" for ${what.flag}.${suggestion} ${valid}`);
}

/** A name's words in lower case: `Tom.Becker@acme.test` is tom, becker, acme, test. */
const words = (name: string) =>
  name
    .toLowerCase()
    .split(/[\s._@-]+/)
    .filter(Boolean);

/** `a`, `a or b`, `a, b or c`. */
const orList = (words: readonly string[]) =>
  words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}` : words[0];

/**
 * The names a typed one most likely meant: a name (or a later word of it) that starts with it
 * (`Tom` → Tom Becker), each item once by the first of its keys that does; else the one name a
 * slip away. At most SUGGESTED_AT_MOST.
 */
function closeNames<T>(items: readonly T[], keysOf: (item: T) => string[], typed: string): string[] {
  const start = words(typed).join(' ');
  const startsWith = (key: string) => words(key).some((_, w, all) => all.slice(w).join(' ').startsWith(start));
  const starting = items.flatMap((i) => keysOf(i).find(startsWith) ?? []);
  if (start && starting.length) return [...new Set(starting)].slice(0, SUGGESTED_AT_MOST);
  const best = closest([...new Set(items.flatMap(keysOf))], typed);
  return best === undefined ? [] : [best];
}

/** ` Did you mean "x"?` when one name is close (edit distance at most a third of its length). */
export function didYouMean(names: readonly string[], typed: string): string {
  const best = closest(names, typed);
  return best !== undefined ? ` Did you mean "${best}"?` : '';
}

/** The name closest to what was typed, when it is close (edit distance at most a third of its length). */
export function closest(names: readonly string[], typed: string): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const n of names) {
    const d = distance(n.toLowerCase(), typed.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [n, d];
  }
  return best !== undefined && bestDistance <= Math.max(1, Math.floor(best.length / 3)) ? best : undefined;
}

/** Edits between two names, a swap of two neighbouring letters (`dmeo`) counting as one. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}
