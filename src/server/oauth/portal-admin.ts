import type { Portal } from '../store/portal.js';

/**
 * The one place OAuth reads the portal: an administrator is whoever holds one of
 * the portal's API keys that is neither read-only nor expired.
 */
export function isAdminKey(portal: Portal, token: string, now: Date): boolean {
  const key = portal.apiKeys.list().find((k) => k.token === token);
  return key !== undefined && !key.read_only && (key.expires_at === null || Date.parse(key.expires_at) > now.getTime());
}

/** What tokens are bound to. */
export const portalId = (portal: Portal): string => portal.guid;

export const portalTitle = (portal: Portal): string => portal.title;
