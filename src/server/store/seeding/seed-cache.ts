import { createHash } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  closeSync,
  constants,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { copyFile, link, rename } from 'node:fs/promises';
import { buildBeside, buildDataFileFromSeedFile, placeBuilt, removeBuilt, syncDataFile } from './build-data-file.js';
import { APPLICATION_ID, openDatabase } from '../database.js';
import { readSeedBytes } from './load-seed.js';
import { SCHEMA_VERSION } from '../schema.js';
import { folderProblem, forgetCompiled, isTrusted, RECORD_TEMP, recordCompiled } from './seed-cache-trust.js';
import { isRunning, removeDatabaseFile, Store } from '../store.js';

declare const __FP_VERSION__: string | undefined;
const VERSION = typeof __FP_VERSION__ === 'string' ? __FP_VERSION__ : '0.0.0-dev';

/** Compiled seeds kept besides those used in the last minute; the ones used longest ago go first (D-SEED-CACHE). */
const KEPT_SEEDS = 4;
const RECENT_MS = 60_000;

/**
 * The folder of compiled seeds: `FP_SEED_CACHE_DIR`, else `seeds` in fp's
 * cache folder, the one bin/fp.js keeps compiled code in (`$XDG_CACHE_HOME/fp`,
 * by default `~/.cache/fp`; a relative XDG_CACHE_HOME is ignored, as the XDG
 * specification says).
 */
function seedCacheDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.FP_SEED_CACHE_DIR) return env.FP_SEED_CACHE_DIR;
  if (platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'fp', 'seeds');
  if (platform === 'win32')
    return join(env.LOCALAPPDATA || join(homedir(), 'AppData', 'Local'), 'fp', 'Cache', 'seeds');
  const xdg = env.XDG_CACHE_HOME;
  return join(xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.cache'), 'fp', 'seeds');
}

/**
 * The hash a compiled seed is named by: of the seed's bytes, of the data schema
 * and of fp's version (another fp may fill a seed's defaults otherwise).
 */
const keyHash = () => createHash('sha256').update(`fp ${VERSION} data schema ${SCHEMA_VERSION}\n`);

/** The name of the compiled data of these seed bytes. */
function compiledSeedName(bytes: Buffer): string {
  return `${keyHash().update(bytes).digest('hex')}.db`;
}

/** What says a file was not changed between two looks at it. */
const stampOf = (st: { size: number; mtimeMs: number; ino: number }) => `${st.size}:${st.mtimeMs}:${st.ino}`;

function stampOfFile(path: string): string | undefined {
  try {
    return stampOf(statSync(path));
  } catch {
    return undefined;
  }
}

/**
 * `compiledSeedName` of a seed file, read a piece at a time: a cached seed is
 * never held whole. With the file's stamp when the hash was taken.
 */
function compiledSeedNameOfFile(seedFile: string): { name: string; stamp?: string } {
  const hash = keyHash();
  let fd: number;
  try {
    fd = openSync(seedFile, 'r');
  } catch {
    return { name: compiledSeedName(readSeedBytes(seedFile)) }; // a SeedError naming the file
  }
  try {
    const stamp = stampOf(fstatSync(fd));
    const chunk = Buffer.allocUnsafe(1 << 20);
    for (let n; (n = readSync(fd, chunk, 0, chunk.length, null)) > 0; ) hash.update(chunk.subarray(0, n));
    return { name: `${hash.digest('hex')}.db`, stamp };
  } finally {
    closeSync(fd);
  }
}

/**
 * Whether the file is a whole fp data file of this schema, judged from its
 * header: SQLite's, fp's application id, this schema version, and as many
 * pages as the header counts (a file cut short, or grown, is not whole).
 */
function isWholeDataFile(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return false;
  }
  try {
    const header = Buffer.alloc(100);
    if (readSync(fd, header, 0, 100, 0) !== 100) return false;
    if (header.toString('latin1', 0, 16) !== 'SQLite format 3\0') return false;
    const pageSize = header.readUInt16BE(16) === 1 ? 65_536 : header.readUInt16BE(16);
    // The page count is valid only when the change counter matches its "version valid for".
    const counted = header.readUInt32BE(92) === header.readUInt32BE(24);
    return (
      counted &&
      header.readUInt32BE(28) * pageSize === fstatSync(fd).size &&
      header.readUInt32BE(60) === SCHEMA_VERSION &&
      header.readUInt32BE(68) === APPLICATION_ID
    );
  } finally {
    closeSync(fd);
  }
}

export interface PlaceOptions {
  /** A second copy, for the store's reset (not synced). */
  copyTo?: string;
  /** `path` is a data file to keep: synced before it is used. */
  durable?: boolean;
  now?: Date;
  cacheDir?: string;
  /** Hears what the operator should know: a cache folder that is not used, and why. */
  notice?: (message: string) => void;
}

/**
 * Puts the data of the seed file at `path` (a new file), and at `copyTo`: a
 * copy of its compiled data from the seed cache when the cache holds these
 * bytes, else compiled from the seed (and kept in the cache for the next
 * start). `path` starts from the seed's state either way: the cached file is
 * only ever copied, never opened to write. Returns whether the cache served it.
 */
export async function placeSeed(path: string, seedFile: string, options: PlaceOptions = {}): Promise<boolean> {
  return (await placeSeedFile(path, seedFile, options, copyCompiled)).cached;
}

/**
 * `placeSeed` for a run's scratch file, which nothing else opens: on a compile the
 * compiled file itself becomes `path` (no copy of it before the first answer), and
 * the cache's copy and `copyTo` are taken from it while the run goes on. A reader
 * holds the file's first state meanwhile, so SQLite writes the run's changes only
 * to its WAL. `ready`, when given, settles once `copyTo` is in place.
 */
export async function placeSeedScratch(
  path: string,
  seedFile: string,
  options: Omit<PlaceOptions, 'durable'> = {},
): Promise<{ ready?: Promise<void> }> {
  const { ready } = await placeSeedFile(path, seedFile, options, moveCompiled);
  return { ready };
}

/**
 * Puts a new compiled file (`building`, beside its name in the cache) at `path` and `copyTo`;
 * `ready` settles once `building` may be put in the cache, when that comes later.
 */
type PlaceCompiled = (building: string, path: string, options: PlaceOptions) => Promise<{ ready?: Promise<void> }>;

async function placeSeedFile(
  path: string,
  seedFile: string,
  options: PlaceOptions,
  placeCompiled: PlaceCompiled,
): Promise<{ cached: boolean; ready?: Promise<void> }> {
  const dir = options.cacheDir ?? seedCacheDir();
  const problem = folderProblem(dir);
  if (problem !== undefined) {
    options.notice?.(untrustedFolder(dir, problem, seedFile));
    return compileInPlace(path, seedFile, undefined, options);
  }
  // A cache without compiled seeds (a first run, a fresh CI machine) cannot hold this one: the
  // seed is read whole at once, as its compile needs it, and hashed from memory.
  const whole = holdsCompiledSeeds(dir) ? undefined : readSeedBytes(seedFile);
  const named = whole ? { name: compiledSeedName(whole), stamp: undefined } : compiledSeedNameOfFile(seedFile);
  const cached = join(dir, named.name);
  // Awaited only when there is something to wait for: until its copies, a start runs without a
  // pause, and what the server loads meanwhile (its HTTP side) loads while the copies are made.
  if (keeping.has(cached)) await keeping.get(cached);
  if (isWholeDataFile(cached) && isTrusted(cached) && (await copyCached(cached, path, options))) {
    markUsed(cached);
    return { cached: true };
  }
  // No cache to keep it in: compiled straight into place, as without one.
  if (!canWrite(dir)) return compileInPlace(path, seedFile, whole, options);
  rmSync(cached, { force: true });
  forgetCompiled(cached);
  const bytes = whole ?? readSeedBytes(seedFile);
  // The bytes read are those hashed unless the file changed meanwhile.
  const unchanged = whole !== undefined || (named.stamp !== undefined && named.stamp === stampOfFile(seedFile));
  const compiled = unchanged ? cached : join(dir, compiledSeedName(bytes));
  const building = buildBeside(compiled, seedFile, bytes, options.now);
  let ready: Promise<void> | undefined;
  try {
    chmodSync(building, 0o600);
    ({ ready } = await placeCompiled(building, path, options));
  } catch (err) {
    removeCopies(path, options);
    removeBuilt(building);
    throw err;
  }
  keep(building, compiled, dir, ready);
  return { cached: false, ready };
}

/** The seed compiled straight into place, the cache left alone. */
async function compileInPlace(
  path: string,
  seedFile: string,
  whole: Buffer | undefined,
  options: PlaceOptions,
): Promise<{ cached: false }> {
  await buildDataFileFromSeedFile(path, seedFile, whole ?? readSeedBytes(seedFile), options);
  if (options.durable) syncDataFile(path);
  return { cached: false };
}

const untrustedFolder = (dir: string, problem: string, seedFile: string) =>
  `The seed cache folder ${dir} is not used: ${problem}, so someone else could put a compiled seed there. ` +
  `${seedFile} was compiled for this start alone. Make the folder your own and private (chmod 700), ` +
  'or set FP_SEED_CACHE_DIR to a folder only you can write.';

/**
 * Moves the compiled file to `path` and, while the run goes on, copies it back
 * beside its name in the cache (then kept there, and linked at `copyTo`). Where
 * it cannot be moved (another file system), it is copied as `placeSeed` does.
 */
const moveCompiled: PlaceCompiled = async (building, path, options) => {
  try {
    await rename(building, path);
  } catch {
    return copyCompiled(building, path, options);
  }
  // Opened before the run's own connection: no checkpoint writes into the file while it is read.
  const reader = holdFirstState(path);
  return { ready: copyBack(path, building, options.copyTo).finally(() => reader.close()) };
};

/** A reader of the file as it is now: until it closes, SQLite keeps later changes in the WAL. */
function holdFirstState(path: string): { close(): void } {
  const db = openDatabase(path, { readOnly: true });
  db.exec('BEGIN');
  db.prepare('SELECT count(*) FROM portals').all([]);
  return {
    close() {
      db.exec('COMMIT');
      db.close();
    },
  };
}

async function copyBack(path: string, building: string, copyTo: string | undefined): Promise<void> {
  try {
    await copyFile(path, building, constants.COPYFILE_FICLONE);
    if (copyTo) await linkOrCopy(building, copyTo);
  } catch (err) {
    removeBuilt(building);
    throw err;
  }
}

/**
 * Compiled seeds being synced and put in place in the cache. The server does
 * not wait for that: its own copies are made, and a process that stops first
 * leaves a file the next prune removes.
 */
const keeping = new Map<string, Promise<void>>();

/** Syncs `building` and renames it to `compiled`, once `after` settles (not when it fails: nothing is left then). */
function keep(building: string, compiled: string, dir: string, after: Promise<void> = Promise.resolve()): void {
  const done = after
    .then(() => {
      // Indexed first: once the file is under its name, what it must match is there.
      recordCompiled(building, compiled);
      return placeBuilt(building, compiled);
    })
    .then(() => pruneSeedCache(dir))
    .catch(() => {
      // The cache is for later starts only; this one has its copies (a reset that needs a missing one hears why).
    })
    .finally(() => keeping.delete(compiled));
  keeping.set(compiled, done);
}

/** Resolves once every compiled seed of this process is in its place in the cache. */
export async function seedCacheSettled(): Promise<void> {
  await Promise.all(keeping.values());
}

/**
 * Copies a compiled seed to `path` (synced when durable) and puts it at `copyTo`, side by side.
 * `copyTo`, the store's reset copy, is only ever read (read-only): a hard link to the compiled
 * seed serves, and a copy where links cannot be made (another file system).
 */
async function copyCompiled(compiled: string, path: string, options: PlaceOptions): Promise<{ ready?: undefined }> {
  await Promise.all([
    copyFile(compiled, path, constants.COPYFILE_FICLONE),
    options.copyTo && linkOrCopy(compiled, options.copyTo),
  ]);
  if (options.durable) syncDataFile(path);
  return {};
}

async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch {
    await copyFile(from, to, constants.COPYFILE_FICLONE);
  }
}

function removeCopies(path: string, options: PlaceOptions): void {
  removeDatabaseFile(path);
  if (options.copyTo) removeDatabaseFile(options.copyTo);
}

/**
 * `copyCompiled` of a cached seed, whose copy is opened once to see it holds
 * portals. False (and nothing left behind) when it does not: the cached file
 * was damaged past its header, or removed meanwhile.
 */
async function copyCached(cached: string, path: string, options: PlaceOptions): Promise<boolean> {
  let holdsPortals = false;
  try {
    await copyCompiled(cached, path, options);
    // A copy that is not to be kept is looked at without syncs: opening it switches it to WAL, which
    // under synchronous=FULL would flush the whole new copy to the disk.
    const db = openDatabase(path, { scratch: !options.durable });
    try {
      holdsPortals = !Store.isEmpty(db);
    } finally {
      db.close();
    }
  } catch {
    // Damaged past its header, or removed meanwhile: compiled again.
  }
  if (!holdsPortals) removeCopies(path, options);
  return holdsPortals;
}

const COMPILED_SEED = /^[0-9a-f]{64}\.db$/;

/** Whether the cache folder holds a compiled seed (one being put in place counts, when it is ours). */
function holdsCompiledSeeds(dir: string): boolean {
  try {
    return keeping.size > 0 || readdirSync(dir).some((name) => COMPILED_SEED.test(name));
  } catch {
    return false;
  }
}

/**
 * The cache folder, made private (D-CACHE-DIR-PRIVATE): a seed may be a snapshot of a portal.
 * A folder someone else made meanwhile is not written either (D-SEED-CACHE-TRUST).
 */
function canWrite(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    accessSync(dir, constants.W_OK);
    return folderProblem(dir) === undefined;
  } catch {
    return false;
  }
}

/** A compiled seed's time of last use is its modification time, which pruning goes by. */
function markUsed(path: string): void {
  try {
    const now = new Date();
    utimesSync(path, now, now);
  } catch {
    // A read-only cache still serves; it is pruned by whoever can write it.
  }
}

/**
 * Keeps the `KEPT_SEEDS` compiled seeds used last, and every one used in the
 * last minute (another fp may be about to copy it); removes files left by
 * compiles of processes that were killed.
 */
function pruneSeedCache(dir: string, now = Date.now()): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  const compiled: Array<{ path: string; used: number }> = [];
  for (const name of names) {
    const path = join(dir, name);
    const pid = (/^[0-9a-f]{64}\.db\.seeding-(\d+)(?:-wal|-shm|-journal)?$/.exec(name) ?? RECORD_TEMP.exec(name))?.[1];
    if (pid !== undefined && !isRunning(Number(pid))) rmSync(path, { force: true });
    if (COMPILED_RECORD.test(name)) removeOrphanRecord(path, now);
    if (!COMPILED_SEED.test(name)) continue;
    try {
      compiled.push({ path, used: statSync(path).mtimeMs });
    } catch {
      // Removed meanwhile.
    }
  }
  compiled.sort((a, b) => b.used - a.used);
  for (const { path, used } of compiled.slice(KEPT_SEEDS)) {
    if (now - used <= RECENT_MS) continue;
    rmSync(path, { force: true });
    forgetCompiled(path);
  }
}

const COMPILED_RECORD = /^[0-9a-f]{64}\.db\.json$/;

/** An index entry whose compiled seed is gone, once it is older than a compile that may be about to place it. */
function removeOrphanRecord(record: string, now: number): void {
  try {
    if (existsSync(record.slice(0, -'.json'.length))) return;
    if (now - statSync(record).mtimeMs > RECENT_MS) rmSync(record, { force: true });
  } catch {
    // Removed meanwhile.
  }
}
