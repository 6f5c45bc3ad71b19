import { createHash, timingSafeEqual } from 'node:crypto';
import type { PortalState } from '../store/state.js';

const digest = (key: string) => createHash('sha256').update(key).digest();

/**
 * The one place OAuth reads the portal: an administrator is whoever holds one of
 * the portal's API keys that is neither read-only nor expired.
 */
export function isAdminKey(portal: PortalState, token: string, now: Date): boolean {
  // Every key is compared, each in constant time (digests of equal length): the time taken says nothing of the keys.
  const typed = digest(token);
  let key: PortalState['api_keys'][number] | undefined;
  for (const k of portal.api_keys) if (timingSafeEqual(digest(k.token), typed) && key === undefined) key = k;
  return key !== undefined && !key.read_only && (key.expires_at === null || Date.parse(key.expires_at) > now.getTime());
}

/** What tokens are bound to. */
export const portalId = (portal: PortalState): string => portal.guid;

export const portalTitle = (portal: PortalState): string => portal.title;
