import { close, closeSync, constants, copyFileSync, fdatasync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import { copyFile, open, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { openDatabase } from './database.js';
import { CommentLoader, CommentsNotLoaded, FEWEST_BYTES_APART, workerShare } from './comment-loader.js';
import { findCommentsCut, parseHead } from './cut-seed-text.js';
import { commentsBefore, loadSeed, parseSeedText, readSeedBytes } from './load-seed.js';
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
async function buildDataFileAsync(
  path: string,
  state: ServerState,
  options: { copyTo?: string; apart?: CommentsApart },
): Promise<void> {
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
      Store.seed(db, state, apart && { ...apart, insert: (sql) => apart.insert(sql, () => startSync(building)) });
    } finally {
      db.close();
    }
  } catch (err) {
    removeBuilding(building);
    throw err;
  }
  return building;
}

/**
 * Has the file's data written to disk in the background (libuv's pool) while
 * this thread goes on: what is written until then need not be written by the
 * sync that ends the load. Nothing waits for it, and a failure is the final sync's to report.
 */
function startSync(path: string): void {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return;
  }
  fdatasync(fd, () => close(fd, () => {}));
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

/** A seed loaded for `buildDataFileAsync`: its state, and the comments the worker has. */
interface LoadedSeed {
  state: ServerState;
  apart?: CommentsApart;
}

/**
 * The seed file cut in two (see cut-seed-text.ts): the worker gets the last
 * comments of the last portal, this thread parses and loads the rest. None
 * when the file can't be cut, or the cut doesn't hold, or anything in the part
 * loaded here is wrong: the seed is then loaded whole, for the messages of the
 * whole seed.
 */
function loadCut(bytes: Buffer, loader: CommentLoader, now: Date): LoadedSeed | undefined {
  const cut = findCommentsCut(bytes, workerShare, FEWEST_BYTES_APART);
  if (!cut) return undefined;
  loader.cut(cut);
  const head = parseHead(bytes, cut);
  if (!head) return undefined;
  const { document, portal } = head;
  loader.before(commentsBefore((document as { portals: unknown[] }).portals[portal], portal));
  try {
    const state = loadSeed(document, now, { portal, restHighestId: () => loader.highestId() });
    return { state, apart: loader.apart(state.portals[portal].id) };
  } catch {
    return undefined;
  }
}

/**
 * Writes the seed file at `seedFile` as a new database at `path`, as
 * `buildDataFile(path, loadSeed(<its document>))` does. Seeds with many
 * comments are loaded by two threads (see comment-loader.ts); when the worker
 * finds a problem in its part, or fails, the seed is loaded whole as without
 * it, so a bad seed fails with the same messages. True when the worker's
 * comments are in.
 */
export async function buildDataFileFromSeedFile(
  path: string,
  seedFile: string,
  options: { copyTo?: string; now?: Date; workerScript?: string } = {},
): Promise<boolean> {
  const now = options.now ?? new Date();
  const { copyTo } = options;
  const loader = CommentLoader.start(seedFile, path, now, options.workerScript);
  try {
    let bytes: Buffer | undefined = readSeedBytes(seedFile);
    const loaded = loader && loadCut(bytes, loader, now);
    if (loaded) {
      // The seed's bytes are not needed any more (a fallback reads them again): the main thread
      // holds (and its garbage collector walks) less through the load.
      bytes = undefined;
      try {
        await buildDataFileAsync(path, loaded.state, { copyTo, apart: loaded.apart });
        return true;
      } catch (err) {
        if (!(err instanceof CommentsNotLoaded)) throw err;
      }
    }
    loader?.stop();
    const raw = parseSeedText(seedFile, (bytes ?? readSeedBytes(seedFile)).toString('utf8'));
    await buildDataFileAsync(path, loadSeed(raw, now), { copyTo });
    return false;
  } finally {
    loader?.stop();
  }
}

/** Writes a seed document as a new database at `path`, as `buildDataFile(path, loadSeed(raw))` does, syncing off the event loop. */
export async function buildDataFileFromSeed(
  path: string,
  raw: unknown,
  options: { copyTo?: string; now?: Date } = {},
): Promise<void> {
  await buildDataFileAsync(path, loadSeed(raw, options.now ?? new Date()), { copyTo: options.copyTo });
}
