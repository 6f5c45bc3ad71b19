import { closeSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
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
 * file, or one they have kept elsewhere.
 */
export function buildDataFile(path: string, state: ServerState, tag = 'seeding'): void {
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
    renameSync(building, path);
  } catch (err) {
    remove();
    throw err;
  }
  try {
    fsyncPath(dirname(path));
  } catch {
    // Some file systems do not sync folders; the rename is then as durable as they make it.
  }
}
