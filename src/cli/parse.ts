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

export function parseIdList(value: string, previous: string[] = []): string[] {
  return [
    ...previous,
    ...value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  ];
}

/** `name: value`, as curl and HTTP write a header (repeatable flags collect them). */
export function parseHeaderLine(value: string, previous: unknown): string[] {
  // A name is an HTTP token; a line break in the value would start a header of its own.
  if (!/^[!#$%&'*+.^\w`|~-]+:/.test(value) || /[\r\n]/.test(value))
    throw new InvalidArgumentError(`expected 'name: value', got "${value}"`);
  return [...((previous as string[] | undefined) ?? []), value];
}

/** Header lines as one record, names in lower case (HTTP compares them without case); a later line wins. */
export function headersOf(lines: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}
