import { closeSync, constants, copyFileSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import { copyFile, open, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { openDatabase } from './database.js';
import { CommentLoader, CommentsNotLoaded, commentSplit } from './comment-loader.js';
import { loadSeed, readText } from './load-seed.js';
import type { CommentsApart } from './portal-document.js';
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
  const building = fillBuilding(path, state, options.tag);
  settle(building, options.copyTo, () => {
    fsyncPath(building);
    // Copied while no connection has it open: copying an open database would drop SQLite's locks on it.
    if (options.copyTo) copyFileSync(building, options.copyTo, constants.COPYFILE_FICLONE);
    renameSync(building, path);
  });
  fsyncFolder(path);
}

/** `buildDataFile`, but the new file is synced and copied off the event loop (the caller can go on meanwhile). */
async function buildDataFileAsync(path: string, state: ServerState, options: { copyTo?: string; apart?: CommentsApart }): Promise<void> {
  const building = fillBuilding(path, state, 'seeding', options.apart);
  await settleAsync(building, options.copyTo, async () => {
    const copy = options.copyTo ? copyFile(building, options.copyTo, constants.COPYFILE_FICLONE) : undefined;
    copy?.catch(() => {}); // awaited below, unless the sync fails first
    const handle = await open(building, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await copy;
    await rename(building, path);
  });
  fsyncFolder(path);
}

/** The database built beside `path` (removed again when that fails). */
function fillBuilding(path: string, state: ServerState, tag = 'seeding', apart?: CommentsApart): string {
  const building = `${path}.${tag}-${process.pid}`;
  removeBuilding(building);
  try {
    const db = openDatabase(building, { bulkLoad: true });
    try {
      Store.seed(db, state, apart);
    } finally {
      db.close();
    }
  } catch (err) {
    removeBuilding(building);
    throw err;
  }
  return building;
}

function removeBuilding(building: string): void {
  for (const suffix of SIDE_FILES) rmSync(building + suffix, { force: true });
}

/** Runs `place` (sync, copy, rename); when it fails, neither the built file nor its copy stays. */
function settle(building: string, copyTo: string | undefined, place: () => void): void {
  try {
    place();
  } catch (err) {
    removeBuilding(building);
    if (copyTo) rmSync(copyTo, { force: true });
    throw err;
  }
}

async function settleAsync(building: string, copyTo: string | undefined, place: () => Promise<void>): Promise<void> {
  try {
    await place();
  } catch (err) {
    removeBuilding(building);
    if (copyTo) rmSync(copyTo, { force: true });
    throw err;
  }
}

function fsyncFolder(path: string): void {
  try {
    fsyncPath(dirname(path));
  } catch {
    // Some file systems do not sync folders; the rename is then as durable as they make it.
  }
}

/**
 * Writes a seed document (`raw`, as read from the loader's seed file) as a new
 * database at `path`, as `buildDataFile(path, loadSeed(raw))` does. With a `loader` started
 * on the same file, many comments are checked and inserted by it in parallel
 * (see comment-loader.ts); when it finds a problem in them, or fails, the seed
 * is loaded whole as without it, so a bad seed fails with the same messages.
 * True when the loader's comments are in.
 */
export async function buildDataFileFromSeed(path: string, raw: unknown, options: { copyTo?: string; loader?: CommentLoader; now?: Date } = {}): Promise<boolean> {
  const now = options.now ?? new Date();
  const { loader, copyTo } = options;
  const split = loader && commentSplit(raw);
  let state: ServerState | undefined;
  if (loader && split) {
    try {
      state = loadSeed(raw, now, split);
    } catch {
      // Loaded whole below, for the messages of the whole seed.
    }
  }
  if (loader && split && state) {
    // The seed as parsed is not needed any more (a fallback reads it again): the main thread
    // holds (and its garbage collector walks) far fewer objects through the load.
    raw = undefined;
    try {
      await buildDataFileAsync(path, state, { copyTo, apart: loader.apart(split, state.portals[split.portal].id) });
      return true;
    } catch (err) {
      if (!(err instanceof CommentsNotLoaded)) throw err;
    }
    raw = JSON.parse(readText(loader.seedFile));
  }
  await buildDataFileAsync(path, loadSeed(raw, now), { copyTo });
  return false;
}
