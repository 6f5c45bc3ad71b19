export { LinkCache, defaultLinkCache } from './link-cache.js';
export { ownPortalLinks } from './own-portal-links.js';
export type { PortalPages } from './own-portal-links.js';
export { ScanRegistry } from './scan.js';
export type { PostHealth } from './types.js';
