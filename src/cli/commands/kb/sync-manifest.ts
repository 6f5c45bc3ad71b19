import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, open, readFile, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../../errors.js';

/**
 * `.fp-sync.json` in a synced folder: the sha256 of every file as it was last
 * exported into the folder or synced from it, per `/`-separated path. It lets
 * `export --dir` tell local edits from files it wrote, and preview and execute
 * tell which files changed since. A dotfile, so it is never uploaded.
 */
const MANIFEST_FILE = '.fp-sync.json';

export interface SyncManifest {
  format: 1;
  tab_id: number;
  /** path → sha256 hex, sorted by path. */
  files: Record<string, string>;
}

export async function readManifest(dir: string): Promise<SyncManifest | null> {
  const file = path.join(dir, MANIFEST_FILE);
  let text: string;
  try {
    if (!(await lstat(file)).isFile()) throw new UsageError(`${file} is not a regular file; remove it`);
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const bad = (why: string) =>
    new UsageError(
      `${file} is not a sync manifest (${why}); remove it to start afresh (export --dir will then ask for --force)`,
    );
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw bad('not JSON');
  }
  const m = value as Partial<SyncManifest>;
  if (typeof m !== 'object' || m === null || m.format !== 1) throw bad('unknown format');
  if (!Number.isSafeInteger(m.tab_id)) throw bad('no tab_id');
  if (
    typeof m.files !== 'object' ||
    m.files === null ||
    Object.values(m.files).some((h) => typeof h !== 'string' || !/^[0-9a-f]{64}$/.test(h))
  ) {
    throw bad('files must map paths to sha256 hashes');
  }
  return m as SyncManifest;
}

/** Replaces the manifest atomically (temp file, then rename). */
export async function writeManifest(dir: string, tabId: number, files: Map<string, string>): Promise<void> {
  const sorted = Object.fromEntries([...files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const manifest: SyncManifest = { format: 1, tab_id: tabId, files: sorted };
  const target = path.join(dir, MANIFEST_FILE);
  const temp = `${target}.${randomBytes(4).toString('hex')}.fp-tmp`;
  try {
    await writeFile(temp, `${JSON.stringify(manifest, null, 2)}\n`, { flag: 'wx' });
    await rename(temp, target);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

/**
 * The sha256 of a regular file, opened without following a symbolic link; null
 * when nothing is there, 'not a regular file' for a link, folder or device.
 */
export async function hashRegularFile(file: string): Promise<string | null | 'not a regular file'> {
  let handle: FileHandle;
  try {
    handle = await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'ELOOP' || code === 'EISDIR') return 'not a regular file';
    throw err;
  }
  try {
    if (!(await handle.stat()).isFile()) return 'not a regular file';
    return createHash('sha256')
      .update(await handle.readFile())
      .digest('hex');
  } finally {
    await handle.close();
  }
}

export interface LocalChanges {
  /** False when there is no manifest (or it is of another tab): every file then counts as new. */
  known: boolean;
  new: string[];
  changed: string[];
  unchanged: string[];
  /** In the manifest but no longer in the folder. */
  removed: string[];
}

/** The folder's files against the manifest of `tabId`. */
export function compareToManifest(
  manifest: SyncManifest | null,
  tabId: number,
  current: Map<string, string>,
): LocalChanges {
  const known = manifest !== null && manifest.tab_id === tabId;
  const last = new Map(known ? Object.entries(manifest.files) : []);
  const out: LocalChanges = { known, new: [], changed: [], unchanged: [], removed: [] };
  for (const [p, hash] of current) {
    const before = last.get(p);
    if (before === undefined) out.new.push(p);
    else if (before === hash) out.unchanged.push(p);
    else out.changed.push(p);
  }
  out.removed = [...last.keys()].filter((p) => !current.has(p));
  return out;
}

/** One line for stderr: `Local files since the last sync: 1 new (a.md), 1 changed (b.md), 0 removed, 9 unchanged.` */
export function describeLocalChanges(c: LocalChanges, tabId: number, listAtMost = 10): string {
  const list = (paths: string[]) => {
    if (paths.length === 0) return '';
    const shown = paths.slice(0, listAtMost).join(', ');
    return ` (${shown}${paths.length > listAtMost ? `, and ${paths.length - listAtMost} more` : ''})`;
  };
  if (!c.known) {
    return `Local files: ${c.new.length}, no record of a sync of tab ${tabId} in this folder yet (${MANIFEST_FILE}).`;
  }
  return (
    `Local files since the last sync: ${c.new.length} new${list(c.new)}, ${c.changed.length} changed${list(c.changed)}, ` +
    `${c.removed.length} removed${list(c.removed)}, ${c.unchanged.length} unchanged.`
  );
}
