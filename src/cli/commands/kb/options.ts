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

/** Section ids: comma-separated or repeated, each a positive integer. */
export function parseSectionIds(value: string, previous: number[] = []): number[] {
  const ids = value.split(',').map((v) => v.trim()).filter(Boolean);
  for (const id of ids) if (!/^\d+$/.test(id) || Number(id) < 1) throw new InvalidArgumentError(`"${id}" is not a section id (a positive integer)`);
  return [...previous, ...ids.map(Number)];
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
