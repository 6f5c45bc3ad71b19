export { ArchiveError } from './archive-error.js';
export { exportArchive } from './export-archive.js';
export { readArchive } from './read-archive.js';
export { linkImages } from './image-links.js';
export { planImages } from './plan-images.js';
export { imageUrl, parseImageUrl, IMAGE_URL_PREFIX } from './image-url.js';
export { planSync, type SyncOwnership } from './plan-sync.js';
export { applySync, type DeleteConfirmations, type IdSource } from './apply-sync.js';
export type * from './model.js';
