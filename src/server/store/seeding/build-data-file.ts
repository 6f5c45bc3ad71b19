import { closeSync, constants, copyFileSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import { copyFile, open, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { openDatabase } from '../database.js';
import { loadSeed, parseSeedText } from './load-seed.js';
import type { ServerState } from '../../../seed-file/seed-file.js';
import { Store } from '../store.js';

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
async function buildDataFileAsync(path: string, state: ServerState, options: { copyTo?: string }): Promise<void> {
  const building = fillBuilding(path, state, 'seeding');
  await settleAsync(building, options.copyTo, async () => {
    const copy = options.copyTo ? copyFile(building, options.copyTo, constants.COPYFILE_FICLONE) : undefined;
    copy?.catch(() => {}); // awaited below, unless the sync fails first
    await syncFileAsync(building);
    await copy;
    await rename(building, path);
  });
  fsyncFolder(path);
}

async function syncFileAsync(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The seed file's bytes, parsed, checked and filled. */
function seedStateOf(seedFile: string, bytes: Buffer, now: Date): ServerState {
  return loadSeed(parseSeedText(seedFile, bytes.toString('utf8')), now);
}

/** The database built beside `path` (removed again when that fails). */
function fillBuilding(path: string, state: ServerState, tag = 'seeding'): string {
  const building = `${path}.${tag}-${process.pid}`;
  removeBuilding(building);
  try {
    const db = openDatabase(building, { bulkLoad: true });
    try {
      Store.seed(db, state);
      // Left in the mode every open of it uses, so an open writes nothing to it (see seed-cache.ts).
      db.exec('PRAGMA journal_mode = WAL');
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

/** Has a data file (and its folder's entry of it) on disk. */
export function syncDataFile(path: string): void {
  fsyncPath(path);
  fsyncFolder(path);
}

function fsyncFolder(path: string): void {
  try {
    fsyncPath(dirname(path));
  } catch {
    // Some file systems do not sync folders; the rename is then as durable as they make it.
  }
}

/**
 * Writes the seed file `seedFile`, whose bytes are `bytes`, as a new database
 * at `path`: parsed, checked and inserted on this thread, synced off the event
 * loop. A seed with problems fails with all of them and leaves no file.
 */
export async function buildDataFileFromSeedFile(
  path: string,
  seedFile: string,
  bytes: Buffer,
  options: { copyTo?: string; now?: Date } = {},
): Promise<void> {
  await buildDataFileAsync(path, seedStateOf(seedFile, bytes, options.now ?? new Date()), { copyTo: options.copyTo });
}

/**
 * The seed file's database built beside `path` (`PATH.seeding-<pid>`), neither
 * synced nor in place yet: `placeBuilt` does that. A seed with problems fails
 * with all of them and leaves no file.
 */
export function buildBeside(path: string, seedFile: string, bytes: Buffer, now = new Date()): string {
  return fillBuilding(path, seedStateOf(seedFile, bytes, now), 'seeding');
}

/** Puts a database built by `buildBeside` in place at `path`, synced; removes it when that fails. */
export async function placeBuilt(building: string, path: string): Promise<void> {
  await settleAsync(building, undefined, async () => {
    await syncFileAsync(building);
    await rename(building, path);
  });
  fsyncFolder(path);
}

/** Removes a database built by `buildBeside` that is not to be placed. */
export const removeBuilt = removeBuilding;

/** Writes a seed document as a new database at `path`, as `buildDataFile(path, loadSeed(raw))` does, syncing off the event loop. */
export async function buildDataFileFromSeed(
  path: string,
  raw: unknown,
  options: { copyTo?: string; now?: Date } = {},
): Promise<void> {
  await buildDataFileAsync(path, loadSeed(raw, options.now ?? new Date()), { copyTo: options.copyTo });
}
