import { createHash, timingSafeEqual } from 'node:crypto';
import type { Portal } from '../store/portal.js';
import type { ApiKeyRecord } from '../../seed-file/seed-file.js';

const digest = (key: string) => createHash('sha256').update(key).digest();

/**
 * The one place OAuth reads the portal: an administrator is whoever holds one of
 * the portal's API keys that is neither read-only nor expired.
 */
export function isAdminKey(portal: Portal, token: string, now: Date): boolean {
  // Every key is compared, each in constant time (digests of equal length): the time taken says nothing of the keys.
  const typed = digest(token);
  let key: ApiKeyRecord | undefined;
  for (const k of portal.apiKeys.list()) if (timingSafeEqual(digest(k.token), typed) && key === undefined) key = k;
  return key !== undefined && !key.read_only && (key.expires_at === null || Date.parse(key.expires_at) > now.getTime());
}

/** What tokens are bound to. */
export const portalId = (portal: Portal): string => portal.guid;

export const portalTitle = (portal: Portal): string => portal.title;
