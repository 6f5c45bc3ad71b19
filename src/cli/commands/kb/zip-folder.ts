import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { lstat, open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { isInstructionFile } from '../../../kb-archive/instruction-files.js';
import type { ZipInput } from '../../../kb-archive/zip/write-zip.js';
import { UsageError } from '../../errors.js';

interface FolderFile {
  /** `/`-separated path inside the folder, as written to the archive. */
  archivePath: string;
  realPath: string;
}

/** A folder holds something that is not a regular file inside it; nothing was read. */
class UnsafeFolderError extends UsageError {
  constructor(
    readonly dir: string,
    readonly offenders: Array<{ path: string; kind: string }>,
  ) {
    const list = offenders.map((o) => `${o.path} (${o.kind})`).join(', ');
    super(`refusing to read ${dir}: only regular files inside the folder are synced, and these are not: ${list}`);
    this.name = 'UnsafeFolderError';
  }
}

type Typed = Pick<
  import('node:fs').Stats,
  'isSymbolicLink' | 'isBlockDevice' | 'isCharacterDevice' | 'isFIFO' | 'isSocket'
>;

function kindOf(info: Typed): string {
  if (info.isSymbolicLink()) return 'a symbolic link';
  if (info.isBlockDevice() || info.isCharacterDevice()) return 'a device';
  if (info.isFIFO()) return 'a named pipe';
  if (info.isSocket()) return 'a socket';
  return 'not a regular file';
}

/**
 * The files of a knowledge-base folder, sorted, skipping dotfiles and dot
 * folders (`.git`, `.DS_Store`, the sync manifest) at any depth, but not AI
 * instruction files (`.cursorrules`). Only regular
 * files and real folders are read: a symbolic link (to a file or a folder, which
 * could pull in a key file or content from elsewhere), a device, a pipe or a
 * socket is refused with every such path named, before anything is read.
 */
async function listFolder(root: string): Promise<FolderFile[]> {
  const found: FolderFile[] = [];
  const offenders: Array<{ path: string; kind: string }> = [];
  const walk = async (dir: string, prefix: string): Promise<void> => {
    const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    for (const entry of entries) {
      // A dotfile is never content; an AI instruction file (`.cursorrules`) goes up so the plan can name it.
      if (entry.name.startsWith('.') && (entry.isDirectory() || !isInstructionFile(entry.name))) continue;
      const full = path.join(dir, entry.name);
      // The listing's own types spare a stat per file; a file system that gives none is asked.
      const known =
        entry.isFile() ||
        entry.isDirectory() ||
        entry.isSymbolicLink() ||
        entry.isFIFO() ||
        entry.isSocket() ||
        entry.isBlockDevice() ||
        entry.isCharacterDevice();
      const info = known ? entry : await lstat(full);
      if (info.isDirectory()) await walk(full, `${prefix}${entry.name}/`);
      else if (info.isFile()) found.push({ archivePath: prefix + entry.name, realPath: full });
      // A sync leaves AI instruction files alone: one that is a link (CLAUDE.md -> AGENTS.md) is not read, not refused.
      else if (isInstructionFile(entry.name)) continue;
      else offenders.push({ path: prefix + entry.name, kind: kindOf(info) });
    }
  };
  await walk(root, '');
  if (offenders.length > 0) throw new UnsafeFolderError(root, offenders);
  return found;
}

/** Never through a symbolic link; O_NONBLOCK: a named pipe put in place would otherwise block the open. */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * Opens a listed file without following a symbolic link put in its place since
 * it was listed, and checks that it is still a regular file.
 */
async function openRegular(
  root: string,
  file: FolderFile,
): Promise<{ handle: import('node:fs/promises').FileHandle; size: number }> {
  const handle = await open(file.realPath, OPEN_FLAGS).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ELOOP') throw new UnsafeFolderError(root, [{ path: file.archivePath, kind: 'a symbolic link' }]);
    throw err;
  });
  const info = await handle.stat();
  if (!info.isFile()) {
    await handle.close();
    throw new UnsafeFolderError(root, [{ path: file.archivePath, kind: kindOf(info) }]);
  }
  return { handle, size: info.size };
}

/** Files at most this large are read whole, ahead of the ZIP writer; larger ones are streamed. */
const SMALL_FILE = 256 * 1024;

type Source = { kind: 'buffer'; data: Buffer } | { kind: 'stream'; handle: import('node:fs/promises').FileHandle };

/** A listed file, opened safely: read whole when small, else left open to stream. */
async function readSource(root: string, file: FolderFile): Promise<Source> {
  const small = readSmallFile(root, file);
  if (small !== undefined) return { kind: 'buffer', data: small };
  const { handle } = await openRegular(root, file);
  return { kind: 'stream', handle };
}

/**
 * A small file read whole with blocking calls (open, fstat, read, close): for
 * thousands of articles of a few kB, four round trips each through the thread
 * pool cost more than the reads. Undefined for a file too large to read so.
 */
function readSmallFile(root: string, file: FolderFile): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file.realPath, OPEN_FLAGS);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOOP')
      throw new UnsafeFolderError(root, [{ path: file.archivePath, kind: 'a symbolic link' }]);
    throw err;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) throw new UnsafeFolderError(root, [{ path: file.archivePath, kind: kindOf(info) }]);
    if (info.size > SMALL_FILE) return undefined;
    const data = Buffer.allocUnsafe(info.size);
    let length = 0;
    while (length < info.size) {
      const n = readSync(fd, data, length, info.size - length, length);
      if (n === 0) break;
      length += n;
    }
    return data.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}

/** A file of the folder differs from what an earlier zipping of it (the preview) sent; nothing was applied (exit 1). */
class FolderChangedError extends Error {
  constructor(dir: string, what: string) {
    super(
      `${dir} changed since the preview (${what}); nothing was applied. Run the command again to see the new plan.`,
    );
    this.name = 'FolderChangedError';
  }
}

export interface FolderZip {
  /** The files zipped, in archive order. */
  files: FolderFile[];
  /** The ZIP, made as it is read (single use). */
  chunks: AsyncIterable<Buffer>;
  /** sha256 of each file, by archive path: complete once `chunks` is read to the end. */
  hashes: Map<string, string>;
}

/**
 * Zips a folder on the fly with yazl: files are listed (and refused when not
 * regular) first, then each is opened when the writer reaches it, small ones
 * read whole, larger ones streamed; each is hashed on the way. With `expect` (the hashes of an earlier zipping), a folder whose
 * files differ fails the stream before its end, so an upload of it is never
 * complete.
 */
export async function zipFolderStream(dir: string, opts: { expect?: Map<string, string> } = {}): Promise<FolderZip> {
  const info = await stat(dir);
  if (!info.isDirectory()) throw new Error(`${dir} is not a folder`);
  const files = await listFolder(dir);
  if (opts.expect) {
    const added = files.filter((f) => !opts.expect!.has(f.archivePath)).map((f) => f.archivePath);
    const listed = new Set(files.map((f) => f.archivePath));
    const gone = [...opts.expect.keys()].filter((p) => !listed.has(p));
    if (added.length > 0) throw new FolderChangedError(dir, `new: ${added.join(', ')}`);
    if (gone.length > 0) throw new FolderChangedError(dir, `removed: ${gone.join(', ')}`);
  }
  const hashes = new Map<string, string>();
  const record = (file: FolderFile, hash: string) => {
    const expected = opts.expect?.get(file.archivePath);
    if (expected !== undefined && expected !== hash) throw new FolderChangedError(dir, `changed: ${file.archivePath}`);
    hashes.set(file.archivePath, hash);
  };
  const { zipStream } = await import('../../../kb-archive/zip/write-zip.js');
  // The writer starts when the upload reads the first chunk, not before: an archive prepared and never sent reads nothing.
  const chunks = (async function* () {
    yield* zipStream(folderEntries(dir, files, record));
  })();
  return { files, hashes, chunks };
}

/** Each file as an entry the writer opens when it reaches it (at most one file in memory). */
function folderEntries(
  root: string,
  files: FolderFile[],
  record: (file: FolderFile, sha256: string) => void,
): ZipInput[] {
  return files.map((file) => ({
    name: file.archivePath,
    open: async () => {
      const src = await readSource(root, file);
      if (src.kind === 'buffer') {
        record(file, createHash('sha256').update(src.data).digest('hex'));
        return Readable.from([src.data]);
      }
      return Readable.from(hashedStream(src.handle, (hash) => record(file, hash)));
    },
  }));
}

async function* hashedStream(
  handle: import('node:fs/promises').FileHandle,
  done: (sha256: string) => void,
): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of handle.createReadStream({ autoClose: false })) {
      hash.update(chunk as Buffer);
      yield chunk as Buffer;
    }
  } finally {
    await handle.close();
  }
  done(hash.digest('hex'));
}
