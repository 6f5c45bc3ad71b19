import type { ModerationType } from '../../../contract/schemas/moderation.js';
import { UsageError } from '../../errors.js';
import { readAllStdin, type IO } from '../../io.js';
import { splitIds } from '../../bulk/concurrency.js';

/**
 * The ids of a batch: the arguments, where `-` stands for every id on stdin
 * (separated by whitespace or newlines; blank lines ignored). Comment ids must be
 * numbers and are written without leading zeros (`007` is comment 7); post ids are
 * post keys, matched exactly. Duplicates after that are dropped, first occurrence kept,
 * so no item is sent twice.
 */
export async function collectIds(io: IO, type: ModerationType, args: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  let stdinRead = false;
  for (const arg of args) {
    if (arg === '-') {
      if (stdinRead) continue;
      stdinRead = true;
      ids.push(...splitIds(await readAllStdin(io)));
    } else {
      ids.push(...splitIds(arg));
    }
  }
  if (type === 'comment') {
    const bad = [...new Set(ids.filter((id) => !/^\d+$/.test(id)))];
    if (bad.length) throw new UsageError(`comment ids are numbers: ${bad.map((b) => JSON.stringify(b)).join(', ')}`);
    return [...new Set(ids.map(normaliseCommentId))];
  }
  return [...new Set(ids)];
}

/** `007` → `7`, `0` stays `0`. */
function normaliseCommentId(id: string): string {
  return id.replace(/^0+(?=\d)/, '');
}
