export { extractLinks } from './extract-links.js';
export {
  checkUrl,
  createLinkAgent,
  defaultLinkAgent,
  describeError,
  DEFAULT_TIMEOUT_MS,
  MAX_REDIRECTS,
  BODY_PREFIX_BYTES,
} from './check-url.js';
export type { CheckOptions } from './check-url.js';
export { LinkCache, defaultLinkCache, LINK_CACHE_TTL_MS } from './link-cache.js';
export type { LinkCacheOptions } from './link-cache.js';
export { ownPortalLinks } from './own-portal-links.js';
export type { OwnLinkCheck, PortalPages } from './own-portal-links.js';
export { runScan, ScanQueueFull, ScanRegistry } from './scan.js';
export type { ScanOptions, ScanRegistryOptions } from './scan.js';
export * from './types.js';
export { blockedKind, blockReason, EgressBlocked, guardedLookup } from './egress-guard.js';
export type { EgressPolicy } from './egress-guard.js';
