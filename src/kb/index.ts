export { ArchiveError, NOT_A_ZIP_MESSAGE } from './archive-error.js';
export { exportArchive } from './export-archive.js';
export { readArchive, DEFAULT_ARCHIVE_LIMITS } from './read-archive.js';
export { planSync, type SyncOwnership } from './plan-sync.js';
export { applySync, type DeleteConfirmations, type IdSource } from './apply-sync.js';
export type * from './model.js';
