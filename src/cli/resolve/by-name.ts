import { ApiError } from '../../client/errors.js';
import { UsageError } from '../errors.js';

/**
 * The item with this exact name, else the one whose name differs only in case
 * when that is unique; several matches are a usage error, none a 404.
 */
export function pickByName<T extends { name: string }>(items: readonly T[], name: string, kind: 'category' | 'group'): T {
  const exact = items.filter((i) => i.name === name);
  if (exact.length === 1) return exact[0];
  const loose = items.filter((i) => i.name.toLowerCase() === name.toLowerCase());
  if (loose.length === 1) return loose[0];
  if (loose.length > 1) throw new UsageError(`"${name}" matches several ${kind === 'category' ? 'categories' : 'groups'}; use the id`);
  throw new ApiError(404, `No ${kind} named "${name}".`);
}
