import { createHash, randomBytes } from 'node:crypto';
import { chmod, lstat, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SyncResult } from '../../../../contract/schemas/knowledgebase.js';
import { unsafeEntryReason } from '../unzip-to-dir.js';
import { createdFiles } from './created-files.js';
import { IdConflictError, insertIdBytes } from './insert-id.js';

interface WrittenId {
  /** File path inside the folder, `/`-separated. */
  path: string;
  id: string | number;
  /** sha256 of the file as written. */
  sha256: string;
}

export interface WriteBackReport {
  written: WrittenId[];
  /** Files that could not take their new id; a later sync would create their item again. */
  failed: Array<{ path: string; id: string | number; reason: string }>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Writes the ids of the items that `result` created into the files of `dir`
 * that created them, so that syncing the folder again matches instead of
 * creating them again. Each file is replaced atomically (a temp file in the same
 * folder, renamed over it) and differs from before only by its `id:` line; a
 * section folder without `_index.md` gets one holding only the id. A path that
 * is not a plain file inside `dir` is not touched and is reported.
 */
export async function writeBackIds(dir: string, result: SyncResult): Promise<WriteBackReport> {
  const files = createdFiles(result);
  const outcomes: Array<{ ok: WrittenId } | { failed: WriteBackReport['failed'][number] }> = new Array(files.length);
  const folders = new Map<string, Promise<void>>();
  // A few files at a time: thousands of small rewrites are bound by system calls, not bytes.
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < files.length; i = next++) {
      const { path: rel, id } = files[i];
      try {
        const bytes = await insertIdInto(dir, rel, id, folders);
        outcomes[i] = { ok: { path: rel, id, sha256: sha256(bytes) } };
      } catch (err) {
        outcomes[i] = { failed: { path: rel, id, reason: (err as Error).message } };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, files.length) }, worker));
  return {
    written: outcomes.flatMap((o) => ('ok' in o ? [o.ok] : [])),
    failed: outcomes.flatMap((o) => ('failed' in o ? [o.failed] : [])),
  };
}

async function insertIdInto(
  dir: string,
  rel: string,
  id: string | number,
  folders: Map<string, Promise<void>>,
): Promise<Buffer> {
  const unsafe = unsafeEntryReason(rel);
  if (unsafe) throw new IdConflictError(unsafe);
  const folder = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
  if (!folders.has(folder)) folders.set(folder, requireRealFolders(dir, rel));
  await folders.get(folder);
  const target = path.join(dir, ...rel.split('/'));
  const info = await lstat(target).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (info !== null && !info.isFile()) throw new IdConflictError('it is not a regular file');
  if (info === null && !rel.endsWith('/_index.md')) throw new IdConflictError('the file is gone');
  const before = info === null ? Buffer.alloc(0) : await readFile(target);
  const after = insertIdBytes(before, id);
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(4).toString('hex')}.fp-tmp`);
  try {
    await writeFile(temp, after, { flag: 'wx' });
    if (info !== null) await chmod(temp, info.mode & 0o7777);
    await rename(temp, target);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
  return after;
}

/** Every folder on the way to `rel` must be a real folder, not a symbolic link out of `dir`. */
async function requireRealFolders(dir: string, rel: string): Promise<void> {
  const segments = rel.split('/').slice(0, -1);
  for (let i = 1; i <= segments.length; i++) {
    const folder = path.join(dir, ...segments.slice(0, i));
    const info = await lstat(folder).catch(() => null);
    if (info === null) throw new IdConflictError(`the folder ${segments.slice(0, i).join('/')} is gone`);
    if (!info.isDirectory()) throw new IdConflictError(`${segments.slice(0, i).join('/')} is not a folder`);
  }
}
