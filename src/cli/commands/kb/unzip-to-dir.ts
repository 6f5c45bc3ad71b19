import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { lstat, mkdir, mkdtemp, readdir, rename, rm, rmdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { crc32, inflateRawSync } from 'node:zlib';
import type { Entry, ZipFile } from 'yauzl';
import { eachLimit } from './each-limit.js';
import { removeOnExit } from './remove-on-exit.js';

/** Files written, checked, moved at once. */
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

function openZip(yauzl: typeof import('yauzl'), zipPath: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(zipPath, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true }, (err, zf) =>
      err ? reject(err) : resolve(zf),
    ),
  );
}

function countContent(files: string[]): { sections: number; articles: number } {
  return {
    sections: files.filter((f) => f.includes('/') && path.posix.basename(f) === '_index.md').length,
    articles: files.filter((f) => isMarkdown(f) && path.posix.basename(f) !== '_index.md').length,
  };
}

/** Sections and articles of an archive, from its central directory (no entry is inflated). */
export async function countArchive(zipPath: string): Promise<{ sections: number; articles: number; entries: number }> {
  const yauzl = (await import('yauzl')).default;
  const zipfile = await openZip(yauzl, zipPath);
  try {
    const files: string[] = [];
    for await (const entry of zipfile.eachEntry()) {
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
      if (!name.endsWith('/') && !isIgnored(name)) files.push(name);
    }
    return { ...countContent(files), entries: files.length };
  } finally {
    zipfile.close();
  }
}

export interface UnzipOptions {
  /**
   * Called once the archive is staged, before the folder changes: the sha256 of
   * each incoming file, and the existing files that would be replaced or
   * removed. Throwing leaves the folder as it was.
   */
  beforeReplacing?: (incoming: Map<string, string>, replaced: string[]) => Promise<void>;
}

/**
 * Unpacks a knowledge-base export into `dir`, replacing the markdown files it
 * had (so deleted articles disappear) and keeping everything else (`.git`,
 * notes, other files). Every entry name is checked and the archive is extracted
 * into a staging folder before the old content is touched, so a bad archive
 * leaves `dir` as it was.
 */
export async function unzipToDir(zipPath: string, dir: string, opts: UnzipOptions = {}): Promise<UnzipResult> {
  const yauzl = (await import('yauzl')).default;
  const zipfile = await openZip(yauzl, zipPath);
  try {
    const files: Array<{ name: string; entry: Entry }> = [];
    const folders = new Set<string>();
    for await (const entry of zipfile.eachEntry()) {
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
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
    await checkTargets(dir, files.map((f) => f.name), folders);

    const staging = await mkdtemp(path.join(dir, '.fp-unpack-'));
    const keepStaging = removeOnExit(staging);
    try {
      for (const folder of [...folders].sort()) await mkdir(path.join(staging, folder), { recursive: true });
      const hashes = new Map<string, string>();
      await eachLimit(files, FILE_CONCURRENCY, async ({ name, entry }) => {
        const target = path.join(staging, name);
        if (entry.compressionMethod === 8 && entry.uncompressedSize <= SMALL_ENTRY) {
          const content = await inflateSmall(zipfile, entry, name);
          await writeFile(target, content, { flag: 'wx' });
          hashes.set(name, createHash('sha256').update(content).digest('hex'));
          return;
        }
        const stream = await zipfile.openReadStreamPromise(entry);
        const hash = createHash('sha256');
        stream.on('data', (chunk: Buffer) => hash.update(chunk));
        await pipeline(stream, createWriteStream(target, { flags: 'wx' }));
        hashes.set(name, hash.digest('hex'));
      });

      const written = new Set(files.map((f) => f.name));
      const previous = await managedFiles(dir);
      const removed = previous.filter((p) => !written.has(p));
      if (opts.beforeReplacing) {
        const existing = await Promise.all(files.map(async ({ name }) => ((await lstat(path.join(dir, name)).catch(() => null)) ? name : null)));
        const replaced = [...new Set([...previous, ...existing.filter((n): n is string => n !== null)])].sort();
        await opts.beforeReplacing(hashes, replaced);
      }
      await eachLimit(previous, FILE_CONCURRENCY, (p) => unlink(path.join(dir, p)));
      for (const folder of [...folders].sort()) await mkdir(path.join(dir, folder), { recursive: true });
      await eachLimit(files, FILE_CONCURRENCY, ({ name }) => rename(path.join(staging, name), path.join(dir, name)));
      await pruneEmptyFolders(dir, removed, folders);

      return {
        files: files.map((f) => f.name),
        hashes,
        removed,
        ...countContent(files.map((f) => f.name)),
      };
    } finally {
      await rm(staging, { recursive: true, force: true });
      keepStaging();
    }
  } finally {
    zipfile.close();
  }
}

/**
 * A small deflated entry, inflated in one call: a stream per entry would send each
 * of thousands of 1 kB articles through the thread pool. The size and CRC are
 * checked as the streamed path checks them.
 */
async function inflateSmall(zipfile: ZipFile, entry: Entry, name: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await zipfile.openReadStreamPromise(entry, { decompress: false })) chunks.push(chunk as Buffer);
  let content: Buffer;
  try {
    content = inflateRawSync(Buffer.concat(chunks), { maxOutputLength: entry.uncompressedSize + 1 });
  } catch (err) {
    throw new Error(`archive entry ${JSON.stringify(name)} does not inflate: ${(err as Error).message}`);
  }
  if (content.length !== entry.uncompressedSize) {
    throw new Error(`archive entry ${JSON.stringify(name)} is ${content.length} bytes, its header says ${entry.uncompressedSize}`);
  }
  if (crc32(content) !== entry.crc32) throw new Error(`archive entry ${JSON.stringify(name)} fails its CRC check`);
  return content;
}

/**
 * Refuses before anything changes when a target cannot be written in place: a
 * folder on the way is a file or a symlink (which could point outside `dir`),
 * or a file would replace a folder.
 */
async function checkTargets(dir: string, files: string[], folders: Set<string>): Promise<void> {
  const kind = async (rel: string) => {
    const info = await lstat(path.join(dir, rel)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
    return info === null ? 'missing' : info.isSymbolicLink() ? 'symlink' : info.isDirectory() ? 'folder' : 'file';
  };
  for (const folder of folders) {
    const k = await kind(folder);
    if (k === 'file' || k === 'symlink') {
      throw new UnsafeEntryError(`${folder}/`, `${path.join(dir, folder)} exists and is not a folder`);
    }
  }
  await eachLimit(files, FILE_CONCURRENCY, async (name) => {
    if ((await kind(name)) === 'folder') throw new UnsafeEntryError(name, `${path.join(dir, name)} is a folder`);
  });
}

/** The markdown files an export manages, as `/`-separated paths; dot folders and symlinked folders are not entered. */
async function managedFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (rel: string): Promise<void> => {
    const entries = await readdir(path.join(root, rel), { withFileTypes: true });
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(child);
      else if ((e.isFile() || e.isSymbolicLink()) && isMarkdown(e.name)) found.push(child);
    }
  };
  await walk('');
  return found.sort();
}

/** Folders left empty by removed articles go too (deepest first), unless the archive has them. */
async function pruneEmptyFolders(root: string, removed: string[], keep: Set<string>): Promise<void> {
  const candidates = new Set<string>();
  for (const file of removed) {
    for (let d = path.posix.dirname(file); d !== '.'; d = path.posix.dirname(d)) candidates.add(d);
  }
  const deepestFirst = [...candidates].filter((d) => !keep.has(d)).sort((a, b) => b.split('/').length - a.split('/').length);
  for (const folder of deepestFirst) {
    await rmdir(path.join(root, folder)).catch(() => {}); // not empty: it holds other files
  }
}
