import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeToFile } from '../../../contract/pipe-to-file.js';
import { checkExportListing, DEFAULT_EXPORT_LIMITS, type ExportLimits } from '../../../kb-archive/export-limits.js';
import { IMAGES_FOLDER } from '../../../kb-archive/image-url.js';
import { isInstructionFile } from '../../../kb-archive/instruction-files.js';
import {
  closeZip,
  entryBytes,
  entryStream,
  listEntries,
  openZip,
  type ZipFile,
  type ZipItem,
} from '../../../kb-archive/zip/read-zip.js';
import { eachLimit } from './each-limit.js';
import { removeOnExit } from './remove-on-exit.js';

/** Entries read, files written or moved at once. */
const FILE_CONCURRENCY = 16;
/** Entries up to this size are inflated in memory in one call. */
const SMALL_ENTRY = 256 * 1024;

/** An archive entry that cannot be written safely; nothing has been changed in the folder. */
class UnsafeEntryError extends Error {
  constructor(
    readonly entry: string,
    reason: string,
  ) {
    super(`refusing archive entry ${JSON.stringify(entry)}: ${reason}`);
    this.name = 'UnsafeEntryError';
  }
}

export interface UnzipResult {
  /** Files written, as archive paths. */
  files: string[];
  /** sha256 of each file written, by archive path. */
  hashes: Map<string, string>;
  /** Markdown files and images of the previous content that the archive no longer has. */
  removed: string[];
  sections: number;
  articles: number;
}

/** Why an entry name cannot be written under the target folder, or null when it can. */
export function unsafeEntryReason(name: string): string | null {
  if (name.includes('\\')) return 'path must not contain backslashes';
  if (name.startsWith('/') || /^[A-Z]:/i.test(name)) return 'path must be relative';
  const segments = (name.endsWith('/') ? name.slice(0, -1) : name).split('/');
  if (segments.includes('..')) return 'path must not contain ".."';
  if (segments.some((s) => s === '' || s === '.')) return 'path must not contain empty or "." segments';
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'path must not contain control characters';
  return null;
}

/**
 * Entries that are never content: dotfiles (a `.git/hooks/…` entry must not land in a checkout) and macOS
 * litter. An AI instruction file (`.cursorrules`) is a file of the export, outside dot folders.
 */
function isIgnored(name: string): boolean {
  const segments = name.split('/');
  const folders = segments.slice(0, -1);
  if (segments[0] === '__MACOSX' || folders.some((s) => s.startsWith('.'))) return true;
  return segments.at(-1)!.startsWith('.') && !isInstructionFile(name);
}

const isMarkdown = (name: string) => name.toLowerCase().endsWith('.md');

/** Files the export owns besides its markdown: the images, which an export no longer carrying them removes. */
const isImage = (name: string) => name.startsWith(`${IMAGES_FOLDER}/`) && !isMarkdown(name);

function countContent(files: string[]): { sections: number; articles: number } {
  return {
    sections: files.filter((f) => f.includes('/') && path.posix.basename(f) === '_index.md').length,
    articles: files.filter((f) => isMarkdown(f) && path.posix.basename(f) !== '_index.md' && !isInstructionFile(f))
      .length,
  };
}

/**
 * Sections and articles of a ZIP file, from its central directory (no entry is inflated),
 * after the export caps: a file that would be refused unpacked is refused saved too.
 */
export async function countArchive(
  zipPath: string,
  limits: ExportLimits = DEFAULT_EXPORT_LIMITS,
): Promise<{ sections: number; articles: number; entries: number }> {
  const zip = await openZip(zipPath);
  try {
    const items = await listEntries(zip);
    checkExportListing(items, (await stat(zipPath)).size, limits);
    for (const { name } of items) {
      const reason = unsafeEntryReason(name);
      if (reason) throw new UnsafeEntryError(name, reason);
    }
    const files = items.map((e) => e.name).filter((name) => !name.endsWith('/') && !isIgnored(name));
    return { ...countContent(files), entries: files.length };
  } finally {
    closeZip(zip);
  }
}

export interface UnzipOptions {
  /**
   * Called once every entry has been read and checked, before the folder
   * changes: the sha256 of each incoming file, and the existing files that
   * would be replaced or removed. Throwing leaves the folder as it was. It may
   * return the sha256 of the existing files it read: a file that already holds
   * what the archive brings is then left as it is.
   */
  beforeReplacing?: (incoming: Map<string, string>, replaced: string[]) => Promise<Map<string, string> | void>;
  /** The caps on what the archive may unpack to (DEFAULT_EXPORT_LIMITS when not given). */
  limits?: ExportLimits;
}

/** Inflated content held in memory until the folder is written; past it, entries are staged on disk. */
const IN_MEMORY_CONTENT = 64 * 1024 * 1024;

type Kind = 'file' | 'folder' | 'symlink' | 'other';

/**
 * Unpacks a knowledge-base export (a ZIP file, or its bytes) into `dir`, replacing the markdown files
 * and the files of `images/` it had (so deleted articles and images disappear) and keeping everything
 * else (`.git`, notes, other files, and AI instruction files the folder already has). Every entry name
 * is checked and every entry is inflated and checked (size, CRC) before the folder is touched, so a
 * bad archive leaves `dir` as it was. Small entries wait in memory, large ones in a staging folder
 * inside `dir`; then new files are written in place, changed ones replaced through a temp file
 * renamed over them, and unchanged ones (when `beforeReplacing` tells) are not written at all.
 */
export async function unzipToDir(archive: string | Buffer, dir: string, opts: UnzipOptions = {}): Promise<UnzipResult> {
  const zip = await openZip(archive);
  const staging = new Staging(dir);
  try {
    const archiveBytes = typeof archive === 'string' ? (await stat(archive)).size : archive.length;
    const { files, folders } = await checkedListing(zip, archiveBytes, opts.limits ?? DEFAULT_EXPORT_LIMITS);
    await mkdir(dir, { recursive: true });
    const existing = await scanFolder(dir);
    checkTargets(
      dir,
      files.map((f) => f.name),
      folders,
      existing,
    );
    // Every entry read and checked before anything in `dir` changes.
    const { hashes, contents } = await readEntries(zip, files, folders, staging);

    const names = files.map((f) => f.name);
    // An AI instruction file already in the folder is the folder's own: kept as it is, never replaced.
    const kept = new Set(names.filter((n) => isInstructionFile(n) && existing.get(n) === 'file'));
    for (const name of kept) hashes.set(name, sha256(await readFile(path.join(dir, name))));
    const placed = names.filter((n) => !kept.has(n));
    const written = new Set(names);
    const previous = [...existing]
      .filter(([p, kind]) => (kind === 'file' || kind === 'symlink') && (isMarkdown(p) || isImage(p)))
      .filter(([p]) => !isInstructionFile(p))
      .map(([p]) => p)
      .sort();
    const removed = previous.filter((p) => !written.has(p));
    let current: Map<string, string> | void = undefined;
    if (opts.beforeReplacing) {
      const replaced = [...new Set([...previous, ...placed.filter((n) => existing.has(n))])].sort();
      current = await opts.beforeReplacing(hashes, replaced);
    }

    await eachLimit(removed, FILE_CONCURRENCY, (p) => unlink(path.join(dir, p)));
    for (const folder of [...folders].sort())
      if (!existing.has(folder)) await mkdir(path.join(dir, folder), { recursive: true });
    await eachLimit(placed, FILE_CONCURRENCY, async (name) => {
      if (current && current.get(name) === hashes.get(name)) return;
      await placeFile(path.join(dir, name), contents.get(name) ?? staging.pathOf(name), existing.has(name));
    });
    await pruneEmptyFolders(dir, removed, folders);
    return { files: names, hashes, removed, ...countContent(names) };
  } finally {
    closeZip(zip);
    await staging.remove();
  }
}

/** The archive's files and folders, every name checked and the listing within the caps; nothing is inflated. */
async function checkedListing(
  zip: ZipFile,
  archiveBytes: number,
  limits: ExportLimits,
): Promise<{ files: ZipItem[]; folders: Set<string> }> {
  const items = await listEntries(zip);
  for (const { name } of items) {
    const reason = unsafeEntryReason(name);
    if (reason) throw new UnsafeEntryError(name, reason);
  }
  checkExportListing(items, archiveBytes, limits);
  const files: ZipItem[] = [];
  const folders = new Set<string>();
  for (const item of items) {
    if (isIgnored(item.name)) continue;
    if (item.name.endsWith('/')) folders.add(item.name.slice(0, -1));
    else files.push(item);
  }
  for (const { name } of files) {
    for (let i = name.indexOf('/'); i !== -1; i = name.indexOf('/', i + 1)) folders.add(name.slice(0, i));
  }
  return { files, folders };
}

/** A folder inside the target, made when the first entry needs it, for entries too large to hold. */
class Staging {
  private made: Promise<string> | undefined;
  private forget: (() => void) | undefined;
  private path: string | undefined;

  constructor(private readonly dir: string) {}

  folder(folders: Set<string>): Promise<string> {
    this.made ??= (async () => {
      const made = await mkdtemp(path.join(this.dir, '.fp-unpack-'));
      this.path = made;
      this.forget = removeOnExit(made);
      for (const folder of [...folders].sort()) await mkdir(path.join(made, folder), { recursive: true });
      return made;
    })();
    return this.made;
  }

  /** Where a staged entry waits (only asked of entries that were staged). */
  pathOf(name: string): string {
    return path.join(this.path!, name);
  }

  async remove(): Promise<void> {
    if (this.path === undefined) return;
    await rm(this.path, { recursive: true, force: true });
    this.forget?.();
  }
}

/**
 * Inflates and checks every file: small ones are held in memory (up to IN_MEMORY_CONTENT
 * in all), the rest staged on disk. Resolves to the sha256 of each and the held contents.
 */
async function readEntries(
  zip: ZipFile,
  files: ZipItem[],
  folders: Set<string>,
  staging: Staging,
): Promise<{ hashes: Map<string, string>; contents: Map<string, Buffer> }> {
  const hashes = new Map<string, string>();
  const contents = new Map<string, Buffer>();
  let held = 0;
  await eachLimit(files, FILE_CONCURRENCY, async (item) => {
    if (item.size <= SMALL_ENTRY) {
      const content = await entryBytes(zip, item);
      hashes.set(item.name, sha256(content));
      if (held + content.length <= IN_MEMORY_CONTENT) {
        held += content.length;
        contents.set(item.name, content);
      } else {
        await writeFile(path.join(await staging.folder(folders), item.name), content, { flag: 'wx' });
      }
      return;
    }
    const target = path.join(await staging.folder(folders), item.name);
    const hash = createHash('sha256');
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    await pipeToFile(await entryStream(zip, item), target, 'wx', hashing);
    hashes.set(item.name, hash.digest('hex'));
  });
  return { hashes, contents };
}

/**
 * Puts one file in place: content held in memory, or a staged file's path. A new file is
 * created (something that appeared there meanwhile is replaced like an existing file); an
 * existing one is replaced through a temp file renamed over it.
 */
async function placeFile(target: string, from: Buffer | string, exists: boolean): Promise<void> {
  if (!exists) {
    try {
      // A new file of a few kB: one blocking create and write beats round trips through the thread pool.
      if (typeof from !== 'string') writeFileSync(target, from, { flag: 'wx' });
      else await rename(from, target);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  if (typeof from === 'string') return rename(from, target);
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(4).toString('hex')}.fp-tmp`);
  try {
    await writeFile(temp, from, { flag: 'wx' });
    await rename(temp, target);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * What `root` holds, by `/`-separated path: one directory listing per folder
 * instead of a check per file. Dot entries (but AI instruction files) are skipped and
 * dot folders and symlinked folders are not entered (the export never writes into them).
 */
async function scanFolder(root: string): Promise<Map<string, Kind>> {
  const found = new Map<string, Kind>();
  const walk = async (rel: string): Promise<void> => {
    const entries = await readdir(path.join(root, rel), { withFileTypes: true });
    const sub: string[] = [];
    for (const e of entries) {
      if (e.name.startsWith('.') && (e.isDirectory() || !isInstructionFile(e.name))) continue;
      const child = rel ? `${rel}/${e.name}` : e.name;
      const kind: Kind = e.isDirectory() ? 'folder' : e.isSymbolicLink() ? 'symlink' : e.isFile() ? 'file' : 'other';
      found.set(child, kind);
      if (kind === 'folder') sub.push(child);
    }
    await Promise.all(sub.map(walk));
  };
  await walk('');
  return found;
}

/**
 * Refuses before anything changes when a target cannot be written in place: a
 * folder on the way is a file or a symlink (which could point outside `dir`),
 * or a file would replace a folder.
 */
function checkTargets(dir: string, files: string[], folders: Set<string>, existing: Map<string, Kind>): void {
  for (const folder of folders) {
    const kind = existing.get(folder);
    if (kind !== undefined && kind !== 'folder') {
      throw new UnsafeEntryError(`${folder}/`, `${path.join(dir, folder)} exists and is not a folder`);
    }
  }
  for (const name of files) {
    if (existing.get(name) === 'folder') throw new UnsafeEntryError(name, `${path.join(dir, name)} is a folder`);
  }
}

/** Folders left empty by removed articles go too (deepest first), unless the archive has them. */
async function pruneEmptyFolders(root: string, removed: string[], keep: Set<string>): Promise<void> {
  const candidates = new Set<string>();
  for (const file of removed) {
    for (let d = path.posix.dirname(file); d !== '.'; d = path.posix.dirname(d)) candidates.add(d);
  }
  const deepestFirst = [...candidates]
    .filter((d) => !keep.has(d))
    .sort((a, b) => b.split('/').length - a.split('/').length);
  for (const folder of deepestFirst) {
    await rmdir(path.join(root, folder)).catch(() => {}); // not empty: it holds other files
  }
}
