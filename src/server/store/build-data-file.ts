import { closeSync, constants, copyFileSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { openDatabase } from './database.js';
import type { ServerState } from './state.js';
import { Store } from './store.js';

const SIDE_FILES = ['', '-wal', '-shm', '-journal'];

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes `state` as a new database at `path`. The database is built beside it
 * (`PATH.<tag>-<pid>`) without journal or syncs, then synced and renamed into
 * place: a crash or a failure leaves no half-built file under the data file's
 * name, and the load runs at the speed of the disk rather than of its syncs.
 * Anything at `path` is replaced, so callers only use it for a new (or empty)
 * file, or one they have kept elsewhere. `copyTo` gets a copy of the new file.
 */
export function buildDataFile(path: string, state: ServerState, options: { tag?: string; copyTo?: string } = {}): void {
  const tag = options.tag ?? 'seeding';
  const building = `${path}.${tag}-${process.pid}`;
  const remove = () => {
    for (const suffix of SIDE_FILES) rmSync(building + suffix, { force: true });
  };
  remove();
  try {
    const db = openDatabase(building, { bulkLoad: true });
    try {
      Store.seed(db, state);
    } finally {
      db.close();
    }
    fsyncPath(building);
    // Copied while no connection has it open: copying an open database would drop SQLite's locks on it.
    if (options.copyTo) copyFileSync(building, options.copyTo, constants.COPYFILE_FICLONE);
    renameSync(building, path);
  } catch (err) {
    remove();
    if (options.copyTo) rmSync(options.copyTo, { force: true });
    throw err;
  }
  try {
    fsyncPath(dirname(path));
  } catch {
    // Some file systems do not sync folders; the rename is then as durable as they make it.
  }
}
