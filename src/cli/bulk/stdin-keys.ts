import { UsageError } from '../errors.js';
import { readAllStdin, type IO } from '../io.js';
import { splitIds } from './concurrency.js';

/**
 * The keys on stdin: one a line (or whitespace separated, unless `perLine`), or the `--json` output of a list
 * (an array, or NDJSON lines, of objects whose `field` is the key, or of strings). Duplicates
 * are dropped, first occurrence kept, so no item is sent twice.
 */
export async function readStdinKeys(io: IO, what: string, opts: KeyOptions = {}): Promise<string[]> {
  return [...new Set(parseKeys(await readAllStdin(io), what, opts))];
}

export interface KeyOptions {
  /** The key's field in JSON objects; `id` by default. */
  field?: string;
  /** One key a line, spaces kept (a user's name), instead of whitespace-separated keys. */
  perLine?: boolean;
}

function parseKeys(text: string, what: string, { field = 'id', perLine = false }: KeyOptions = {}): string[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    let list: unknown;
    try {
      list = JSON.parse(trimmed);
    } catch (err) {
      throw new UsageError(`stdin starts as a JSON array but is not JSON (${(err as Error).message})`);
    }
    return (list as unknown[]).map((item, i) => keyOf(item, `item ${i + 1}`, what, field));
  }
  if (trimmed.startsWith('{')) {
    return trimmed
      .split('\n')
      .filter((l) => l.trim())
      .map((l, i) => {
        try {
          return keyOf(JSON.parse(l), `line ${i + 1}`, what, field);
        } catch (err) {
          if (err instanceof UsageError) throw err;
          throw new UsageError(`stdin line ${i + 1} is not JSON, though stdin starts as NDJSON`);
        }
      });
  }
  if (perLine)
    return text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
  return splitIds(text);
}

function keyOf(item: unknown, where: string, what: string, field: string): string {
  if (typeof item === 'string' && item) return item;
  const value = typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[field] : undefined;
  if ((typeof value === 'string' && value) || typeof value === 'number') return String(value);
  throw new UsageError(`stdin ${where} has no ${what} (expected a string or an object with "${field}")`);
}
