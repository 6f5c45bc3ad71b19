import type { ApiClient } from '../../../client/api-client.js';
import { UsageError } from '../../errors.js';
import { resolveSection } from '../../resolve/section.js';

/** A parent section's integer id (what the bodies take) from its id, slug or title. */
export async function parentIdOf(c: ApiClient, typed: string, say: (line: string) => void): Promise<number> {
  const ref = await resolveSection(c, typed, say);
  if (!/^\d+$/.test(ref)) throw new UsageError('--parent takes the section id here (the portal lists no sections)');
  return Number(ref);
}
