import { InvalidArgumentError } from 'commander';
import type { FlagSpec } from '../framework/flags.js';

const MAX_CONCURRENCY = 32;
const DEFAULT_CONCURRENCY = 4;

function parseConcurrency(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_CONCURRENCY) {
    throw new InvalidArgumentError(`expected an integer from 1 to ${MAX_CONCURRENCY}`);
  }
  return Number(value);
}

/** `--concurrency <n>` of every bulk command. */
export const concurrencyFlag: FlagSpec = {
  flags: '--concurrency <n>',
  description: `requests in flight at once, 1-${MAX_CONCURRENCY}`,
  parse: parseConcurrency,
  default: DEFAULT_CONCURRENCY,
};

/** Whitespace- or newline-separated ids, blanks dropped. */
export function splitIds(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}
