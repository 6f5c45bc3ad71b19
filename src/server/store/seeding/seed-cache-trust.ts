import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  type BigIntStats,
} from 'node:fs';
import { basename } from 'node:path';

/**
 * What the seed cache trusts (`D-SEED-CACHE-TRUST`): only what this user's fp put
 * there. As ssh's StrictModes does, a folder that another user owns or that the group
 * or others may write is not used at all; a compiled seed is used only when it and
 * its index entry belong to this user, no one else may write them, and it is the very
 * file the entry recorded when fp put it in place (its name, device, inode and size),
 * so a file planted, linked or swapped in under a seed's name is compiled again instead.
 * The checks are a few `stat` calls: nothing is read but the entry's few bytes.
 */

/** Where a compiled seed's index entry is kept: beside it. */
const recordPath = (compiled: string) => `${compiled}.json`;

/** Index entries are written beside their name first (`NAME.json.tmp-<pid>`), then renamed. */
export const RECORD_TEMP = /^[0-9a-f]{64}\.db\.json\.tmp-(\d+)$/;

/** Entries are tiny; anything larger is not one of ours. */
const MAX_RECORD_BYTES = 1024;

/** The user this process runs as; undefined where there are no user ids (Windows), which skips the ownership rules. */
const uid = (): number | undefined => process.getuid?.();

/** Why a file or folder is not private to this user, or undefined when it is. */
function notPrivate(st: { uid: number | bigint; mode: number | bigint }): string | undefined {
  const me = uid();
  if (me === undefined) return undefined;
  if (Number(st.uid) !== me) return `it belongs to another user (uid ${st.uid}, not ${me})`;
  const mode = Number(st.mode) & 0o777;
  if (mode & 0o022) return `the group or others may write it (mode ${mode.toString(8).padStart(4, '0')})`;
  return undefined;
}

/**
 * Why the cache folder must not be used, or undefined when it may: it must be a
 * folder of this user's that neither its group nor others may write.
 */
export function folderProblem(dir: string): string | undefined {
  let st;
  try {
    st = statSync(dir);
  } catch {
    return undefined; // not there: the caller makes it, private
  }
  if (!st.isDirectory()) return 'it is not a folder';
  return notPrivate(st);
}

interface Entry {
  name: string;
  dev: string;
  ino: string;
  size: string;
}

const entryOf = (name: string, st: BigIntStats): Entry => ({
  name,
  dev: String(st.dev),
  ino: String(st.ino),
  size: String(st.size),
});

/**
 * Records `building` (a new compiled seed, about to be renamed to `compiled`) in the
 * cache's index: written beside the entry's name and renamed, so a reader sees a
 * whole entry or none.
 */
export function recordCompiled(building: string, compiled: string): void {
  const entry = entryOf(basename(compiled), statSync(building, { bigint: true }));
  const temp = `${recordPath(compiled)}.tmp-${process.pid}`;
  try {
    writeFileSync(temp, JSON.stringify(entry), { mode: 0o600 });
    renameSync(temp, recordPath(compiled));
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}

/** Removes a compiled seed's index entry. */
export function forgetCompiled(compiled: string): void {
  rmSync(recordPath(compiled), { force: true });
}

/** The index entry of a compiled seed, when it is one of this user's, no one else may write it, and it reads whole. */
function readEntry(compiled: string): Entry | undefined {
  let fd: number;
  try {
    fd = openSync(recordPath(compiled), constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch {
    return undefined;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > MAX_RECORD_BYTES || notPrivate(st) !== undefined) return undefined;
    const bytes = Buffer.alloc(st.size);
    if (readSync(fd, bytes, 0, st.size, 0) !== st.size) return undefined;
    const entry = JSON.parse(bytes.toString('utf8')) as Partial<Entry>;
    const fields = [entry.name, entry.dev, entry.ino, entry.size];
    return fields.every((f) => typeof f === 'string') ? (entry as Entry) : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Whether the compiled seed at `compiled` may be used: a regular file of this user's
 * that no one else may write, recorded under its own name in the index, and still the
 * file recorded (same device, inode and size).
 */
export function isTrusted(compiled: string): boolean {
  const entry = readEntry(compiled);
  if (entry === undefined || entry.name !== basename(compiled)) return false;
  let st: BigIntStats;
  try {
    st = lstatSync(compiled, { bigint: true }); // a link is not the file recorded
  } catch {
    return false;
  }
  if (!st.isFile() || notPrivate(st) !== undefined) return false;
  const now = entryOf(entry.name, st);
  return now.dev === entry.dev && now.ino === entry.ino && now.size === entry.size;
}
