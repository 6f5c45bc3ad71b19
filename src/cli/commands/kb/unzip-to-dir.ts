import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createInflateRaw, inflateRawSync } from 'node:zlib';
import { DEFLATE, STORE } from '../../../kb/zip/zip-format.js';
import {
  bufferSource,
  entryDataOffset,
  fileSource,
  readDirectory,
  type ZipEntryInfo,
  type ZipSource,
} from '../../../kb/zip/read-zip.js';
import { eachLimit } from './each-limit.js';
import { removeOnExit } from './remove-on-exit.js';

/** Entries read, files written or moved at once. */
const FILE_CONCURRENCY = 16;
/** Entries up to this size are inflated in memory in one call. */
const SMALL_ENTRY = 256 * 1024;

/** An archive entry that cannot be written safely; nothing has been changed in the folder. */
export class UnsafeEntryError extends Error {
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
  /** Markdown files of the previous content that the archive no longer has. */
  removed: string[];
  sections: number;
  articles: number;
}

/** Why an entry name cannot be written under the target folder, or null when it can. */
export function unsafeEntryReason(name: string): string | null {
  if (name.includes('\\')) return 'path must not contain backslashes';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'path must be relative';
  const segments = (name.endsWith('/') ? name.slice(0, -1) : name).split('/');
  if (segments.includes('..')) return 'path must not contain ".."';
  if (segments.some((s) => s === '' || s === '.')) return 'path must not contain empty or "." segments';
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'path must not contain control characters';
  return null;
}

/** Entries that are never content: dotfiles (a `.git/hooks/…` entry must not land in a checkout) and macOS litter. */
function isIgnored(name: string): boolean {
  const segments = name.split('/');
  return segments[0] === '__MACOSX' || segments.some((s) => s.startsWith('.'));
}

const isMarkdown = (name: string) => name.toLowerCase().endsWith('.md');

function countContent(files: string[]): { sections: number; articles: number } {
  return {
    sections: files.filter((f) => f.includes('/') && path.posix.basename(f) === '_index.md').length,
    articles: files.filter((f) => isMarkdown(f) && path.posix.basename(f) !== '_index.md').length,
  };
}

/** Sections and articles of an archive, from its central directory (no entry is inflated). */
export async function countArchive(zipPath: string): Promise<{ sections: number; articles: number; entries: number }> {
  const src = await fileSource(zipPath);
  try {
    const files = (await readDirectory(src))
      .map((e) => e.name)
      .filter((name) => !name.endsWith('/') && !isIgnored(name));
    return { ...countContent(files), entries: files.length };
  } finally {
    await src.close();
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
}

/** A ZIP up to this size is read into memory whole: no file read per entry. */
const IN_MEMORY_ZIP = 32 * 1024 * 1024;
/** Inflated content held in memory until the folder is written; past it, entries are staged on disk. */
const IN_MEMORY_CONTENT = 64 * 1024 * 1024;

type Kind = 'file' | 'folder' | 'symlink' | 'other';

/**
 * Unpacks a knowledge-base export (a ZIP file, or its bytes) into `dir`, replacing the markdown files it
 * had (so deleted articles disappear) and keeping everything else (`.git`,
 * notes, other files). Every entry name is checked and every entry is inflated
 * and checked (size, CRC) before the folder is touched, so a bad archive
 * leaves `dir` as it was. Small entries wait in memory, large ones in a staging
 * folder inside `dir`; then new files are written in place, changed ones
 * replaced through a temp file renamed over them, and unchanged ones (when
 * `beforeReplacing` tells) are not written at all.
 */
export async function unzipToDir(archive: string | Buffer, dir: string, opts: UnzipOptions = {}): Promise<UnzipResult> {
  const src = await openZipSource(archive);
  let staging: { path: string; forget: () => void } | undefined;
  try {
    const files: Array<{ name: string; entry: ZipEntryInfo }> = [];
    const folders = new Set<string>();
    for (const entry of await readDirectory(src)) {
      const name = entry.name;
      const reason = unsafeEntryReason(name);
      if (reason) throw new UnsafeEntryError(name, reason);
      if (isIgnored(name)) continue;
      if (name.endsWith('/')) folders.add(name.slice(0, -1));
      else files.push({ name, entry });
    }
    for (const { name } of files) {
      for (let i = name.indexOf('/'); i !== -1; i = name.indexOf('/', i + 1)) folders.add(name.slice(0, i));
    }

    await mkdir(dir, { recursive: true });
    const existing = await scanFolder(dir);
    checkTargets(
      dir,
      files.map((f) => f.name),
      folders,
      existing,
    );

    // Every entry read and checked before anything in `dir` changes.
    const hashes = new Map<string, string>();
    const contents = new Map<string, Buffer>();
    let held = 0;
    let staged: Promise<string> | undefined;
    // Made once, by whichever entry needs it first.
    const stage = () =>
      (staged ??= (async () => {
        const made = await mkdtemp(path.join(dir, '.fp-unpack-'));
        staging = { path: made, forget: removeOnExit(made) };
        for (const folder of [...folders].sort()) await mkdir(path.join(made, folder), { recursive: true });
        return made;
      })());
    await eachLimit(files, FILE_CONCURRENCY, async ({ name, entry }) => {
      checkMethod(entry);
      if (entry.size <= SMALL_ENTRY) {
        const content = await readSmall(src, entry);
        hashes.set(name, sha256(content));
        if (held + content.length <= IN_MEMORY_CONTENT) {
          held += content.length;
          contents.set(name, content);
        } else {
          await writeFile(path.join(await stage(), name), content, { flag: 'wx' });
        }
        return;
      }
      const target = path.join(await stage(), name);
      const at = await entryDataOffset(src, entry);
      const hash = createHash('sha256');
      const raw = src.stream(at, entry.compressedSize);
      const check = checked(entry, (chunk) => hash.update(chunk));
      const out = createWriteStream(target, { flags: 'wx' });
      if (entry.method === DEFLATE) await pipeline(raw, createInflateRaw(), check, out);
      else await pipeline(raw, check, out);
      hashes.set(name, hash.digest('hex'));
    });

    const written = new Set(files.map((f) => f.name));
    const previous = [...existing]
      .filter(([p, kind]) => (kind === 'file' || kind === 'symlink') && isMarkdown(p))
      .map(([p]) => p)
      .sort();
    const removed = previous.filter((p) => !written.has(p));
    let current: Map<string, string> | void = undefined;
    if (opts.beforeReplacing) {
      const replaced = [...new Set([...previous, ...files.map((f) => f.name).filter((n) => existing.has(n))])].sort();
      current = await opts.beforeReplacing(hashes, replaced);
    }

    await eachLimit(removed, FILE_CONCURRENCY, (p) => unlink(path.join(dir, p)));
    for (const folder of [...folders].sort())
      if (!existing.has(folder)) await mkdir(path.join(dir, folder), { recursive: true });
    await eachLimit(files, FILE_CONCURRENCY, async ({ name }) => {
      const target = path.join(dir, name);
      if (current && current.get(name) === hashes.get(name)) return;
      const content = contents.get(name);
      const from = content === undefined ? path.join(staging!.path, name) : undefined;
      if (!existing.has(name)) {
        try {
          // A new file of a few kB: one blocking create and write beats round trips through the thread pool.
          if (content !== undefined) writeFileSync(target, content, { flag: 'wx' });
          else await rename(from!, target);
          return;
        } catch (err) {
          // Something appeared there meanwhile: replace it like an existing file.
          if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        }
      }
      if (from !== undefined) return rename(from, target);
      const temp = path.join(
        path.dirname(target),
        `.${path.basename(target)}.${randomBytes(4).toString('hex')}.fp-tmp`,
      );
      try {
        await writeFile(temp, content!, { flag: 'wx' });
        await rename(temp, target);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    });
    await pruneEmptyFolders(dir, removed, folders);

    return {
      files: files.map((f) => f.name),
      hashes,
      removed,
      ...countContent(files.map((f) => f.name)),
    };
  } finally {
    await src.close();
    const done = staging as { path: string; forget: () => void } | undefined;
    if (done) {
      await rm(done.path, { recursive: true, force: true });
      done.forget();
    }
  }
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** An archive in memory as it is; a small ZIP file is read whole into memory, a larger one read from its file. */
async function openZipSource(archive: string | Buffer): Promise<ZipSource> {
  if (typeof archive !== 'string') return bufferSource(archive);
  if ((await stat(archive)).size > IN_MEMORY_ZIP) return fileSource(archive);
  return bufferSource(await readFile(archive));
}

function checkMethod(entry: ZipEntryInfo): void {
  if (entry.method !== STORE && entry.method !== DEFLATE) {
    throw new Error(
      `archive entry ${JSON.stringify(entry.name)} uses compression method ${entry.method}; only stored and deflated entries are supported`,
    );
  }
}

/** What an entry inflates to is checked as it passes: no more than its size, then exactly its size and CRC. */
function checked(entry: ZipEntryInfo, onChunk: (chunk: Buffer) => void): Transform {
  let size = 0;
  let crc = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > entry.size) return done(sizeError(entry, size));
      crc = crc32(chunk, crc);
      onChunk(chunk);
      done(null, chunk);
    },
    flush(done) {
      if (size !== entry.size) return done(sizeError(entry, size));
      done(crc >>> 0 === entry.crc >>> 0 ? null : crcError(entry));
    },
  });
}

const sizeError = (entry: ZipEntryInfo, size: number) =>
  new Error(
    size > entry.size
      ? `archive entry ${JSON.stringify(entry.name)} inflates to more than the ${entry.size} bytes its header says`
      : `archive entry ${JSON.stringify(entry.name)} is ${size} bytes, its header says ${entry.size}`,
  );
const crcError = (entry: ZipEntryInfo) => new Error(`archive entry ${JSON.stringify(entry.name)} fails its CRC check`);

/** A small entry, read and inflated in one call, then checked: its size and CRC. */
async function readSmall(src: ZipSource, entry: ZipEntryInfo): Promise<Buffer> {
  const raw = await src.read(await entryDataOffset(src, entry), entry.compressedSize);
  let content: Buffer;
  try {
    content = entry.method === STORE ? raw : inflateRawSync(raw, { maxOutputLength: entry.size + 1 });
  } catch (err) {
    throw new Error(`archive entry ${JSON.stringify(entry.name)} does not inflate: ${(err as Error).message}`, {
      cause: err,
    });
  }
  if (content.length !== entry.size) throw sizeError(entry, content.length);
  if (crc32(content) !== entry.crc) throw crcError(entry);
  return content;
}

/**
 * What `root` holds, by `/`-separated path: one directory listing per folder
 * instead of a check per file. Dot entries are skipped and dot folders and
 * symlinked folders are not entered (the export never writes into them).
 */
async function scanFolder(root: string): Promise<Map<string, Kind>> {
  const found = new Map<string, Kind>();
  const walk = async (rel: string): Promise<void> => {
    const entries = await readdir(path.join(root, rel), { withFileTypes: true });
    const sub: string[] = [];
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
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
