import { InvalidArgumentError, Option } from 'commander';
import { parsePositiveInteger } from '../../parse.js';

/** `--tab ID`, required by every kb command that works on a tab. */
export function tabOption(): Option {
  return new Option('--tab <id>', 'knowledge-base tab id').argParser(parsePositiveInteger).makeOptionMandatory();
}

/** Seconds as a positive number; fractions allowed (0.5). */
export function parseSeconds(value: string): number {
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value.trim()) || !(n > 0)) throw new InvalidArgumentError('expected a positive number of seconds');
  return n;
}

/** Confirms every deletion the plan of the same run shows. */
export const ALL_SHOWN = 'all-shown';

/** Section ids: comma-separated or repeated, each a positive integer (or `all-shown`). */
export function parseSectionIds(value: string, previous: Array<number | typeof ALL_SHOWN> = []): Array<number | typeof ALL_SHOWN> {
  const ids = value.split(',').map((v) => v.trim()).filter(Boolean);
  for (const id of ids) {
    if (id !== ALL_SHOWN && (!/^\d+$/.test(id) || Number(id) < 1)) {
      throw new InvalidArgumentError(`"${id}" is not a section id (a positive integer) or ${ALL_SHOWN}`);
    }
  }
  return [...previous, ...ids.map((id) => (id === ALL_SHOWN ? ALL_SHOWN : Number(id)))];
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
