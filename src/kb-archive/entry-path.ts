import { ArchiveError } from './archive-error.js';
import { MACOS_METADATA_FOLDER } from './layout.js';

/** Refuses entry names that could escape the archive or are not plain relative paths. */
export function checkEntryPath(name: string): void {
  if (name.includes('\\')) throw new ArchiveError(name, 'path must not contain backslashes.');
  const segments = (name.endsWith('/') ? name.slice(0, -1) : name).split('/');
  if (name.startsWith('/') || /^[A-Z]:/i.test(name) || segments.includes('..')) {
    throw new ArchiveError(name, 'path must be relative and must not contain "..".');
  }
  if (segments.some((s) => s === '' || s === '.')) {
    throw new ArchiveError(name, 'path must not contain empty or "." segments.');
  }
  if (/[\u0000-\u001f\u007f]/.test(name)) throw new ArchiveError(name, 'path must not contain control characters.');
}

/** Hidden files and the root `__MACOSX` folder that archivers add on their own; never content. */
export function isArchiverLitter(name: string): boolean {
  const segments = name.split('/');
  return segments[0] === MACOS_METADATA_FOLDER || segments.some((s) => s.startsWith('.'));
}
