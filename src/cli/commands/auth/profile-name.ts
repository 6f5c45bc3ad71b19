import { UsageError } from '../../errors.js';

/** Profile names are used on command lines and in tables: keep them to one plain word. */
export function checkProfileName(name: string): string {
  if (!/^[A-Z0-9][\w.-]{0,63}$/i.test(name)) {
    throw new UsageError(`invalid profile name "${name}": use letters, digits, ".", "_" and "-" (at most 64)`);
  }
  return name;
}

export function unknownProfile(name: string, known: string[]): UsageError {
  return new UsageError(
    `no profile named "${name}"; ${known.length ? `stored profiles: ${known.join(', ')}` : 'none is stored yet: run `fp auth login`'}`,
  );
}
