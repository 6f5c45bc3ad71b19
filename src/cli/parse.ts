import { InvalidArgumentError } from 'commander';

/** Commander argument parsers: invalid values are usage errors (exit 2) before anything is sent. */
export function parseInteger(value: string): number {
  if (!/^-?\d+$/.test(value)) throw new InvalidArgumentError('expected an integer');
  return Number(value);
}

export function parsePositiveInteger(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError('expected a positive integer');
  return Number(value);
}

export function collect<T>(parse: (v: string) => T) {
  return (value: string, previous: T[] = []): T[] => [...previous, parse(value)];
}

export function parseIdList(value: string, previous: string[] = []): string[] {
  return [
    ...previous,
    ...value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  ];
}
