import { createHash } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { lstat, open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UsageError } from '../../errors.js';

export interface FolderFile {
  /** `/`-separated path inside the folder, as written to the archive. */
  archivePath: string;
  realPath: string;
}

export interface ZippedFile {
  archivePath: string;
  /** sha256 of the bytes zipped, hex. */
  sha256: string;
}

export interface ZipFolderResult {
  /** Archive paths, `/`-separated, in the order written. */
  entries: string[];
  files: ZippedFile[];
}

/** A folder holds something that is not a regular file inside it; nothing was read. */
export class UnsafeFolderError extends UsageError {
  constructor(
    readonly dir: string,
    readonly offenders: Array<{ path: string; kind: string }>,
  ) {
    const list = offenders.map((o) => `${o.path} (${o.kind})`).join(', ');
    super(`refusing to read ${dir}: only regular files inside the folder are synced, and these are not: ${list}`);
    this.name = 'UnsafeFolderError';
  }
}

function kindOf(info: import('node:fs').Stats): string {
  if (info.isSymbolicLink()) return 'a symbolic link';
  if (info.isBlockDevice() || info.isCharacterDevice()) return 'a device';
  if (info.isFIFO()) return 'a named pipe';
  if (info.isSocket()) return 'a socket';
  return 'not a regular file';
}

/**
 * The files of a knowledge-base folder, sorted, skipping dotfiles and dot
 * folders (`.git`, `.DS_Store`, the sync manifest) at any depth. Only regular
 * files and real folders are read: a symbolic link (to a file or a folder, which
 * could pull in a key file or content from elsewhere), a device, a pipe or a
 * socket is refused with every such path named, before anything is read.
 */
export async function listFolder(root: string): Promise<FolderFile[]> {
  const found: FolderFile[] = [];
  const offenders: Array<{ path: string; kind: string }> = [];
  const walk = async (dir: string, prefix: string): Promise<void> => {
    const names = (await readdir(dir)).sort();
    for (const name of names) {
      if (name.startsWith('.')) continue;
      const full = path.join(dir, name);
      const info = await lstat(full);
      if (info.isDirectory()) await walk(full, `${prefix}${name}/`);
      else if (info.isFile()) found.push({ archivePath: prefix + name, realPath: full });
      else offenders.push({ path: prefix + name, kind: kindOf(info) });
    }
  };
  await walk(root, '');
  if (offenders.length > 0) throw new UnsafeFolderError(root, offenders);
  return found;
}

/**
 * Opens a listed file without following a symbolic link put in its place since
 * it was listed, and checks that it is still a regular file.
 */
async function openRegular(root: string, file: FolderFile): Promise<import('node:fs/promises').FileHandle> {
  const handle = await open(file.realPath, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0)).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ELOOP') throw new UnsafeFolderError(root, [{ path: file.archivePath, kind: 'a symbolic link' }]);
    throw err;
  });
  const info = await handle.stat();
  if (!info.isFile()) {
    await handle.close();
    throw new UnsafeFolderError(root, [{ path: file.archivePath, kind: kindOf(info) }]);
  }
  return handle;
}

/** Files at most this large are read whole, ahead of the ZIP writer; larger ones are streamed. */
const SMALL_FILE = 256 * 1024;
/** How many files are opened and read ahead of the one being zipped. */
const READ_AHEAD = 16;

type Source = { kind: 'buffer'; data: Buffer } | { kind: 'stream'; handle: import('node:fs/promises').FileHandle };

/** A listed file, opened safely: read whole when small, else left open to stream. */
async function readSource(root: string, file: FolderFile): Promise<Source> {
  const handle = await openRegular(root, file);
  const { size } = await handle.stat();
  if (size > SMALL_FILE) return { kind: 'stream', handle };
  try {
    return { kind: 'buffer', data: await handle.readFile() };
  } finally {
    await handle.close();
  }
}

/**
 * Zips a folder into `outFile`, streaming each file from disk, and hashes each
 * file on the way. Small files are read a few ahead of the writer (at most
 * READ_AHEAD × 256 kB in memory), so thousands of articles do not wait on the
 * disk one at a time; larger files are streamed, one open at a time.
 */
export async function zipFolder(dir: string, outFile: string): Promise<ZipFolderResult> {
  const info = await stat(dir);
  if (!info.isDirectory()) throw new Error(`${dir} is not a folder`);
  const files = await listFolder(dir);
  const { ZipFile } = await import('yazl');
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  // yazl reports a file it cannot read on the ZipFile, not on its output stream.
  zip.on('error', (err: Error) => output.destroy(err));
  const hashes = new Map<string, string>();
  const ahead = new Map<number, Promise<Source>>();
  const start = (i: number) => {
    if (i < files.length && !ahead.has(i)) {
      const p = readSource(dir, files[i]);
      p.catch(() => {}); // reported when its entry is written
      ahead.set(i, p);
    }
  };
  files.forEach((file, i) => {
    zip.addReadStreamLazy(file.archivePath, (cb) => {
      for (let j = i; j < i + READ_AHEAD; j++) start(j);
      const source = ahead.get(i)!;
      ahead.delete(i);
      source.then(
        (src) => {
          if (src.kind === 'buffer') {
            hashes.set(file.archivePath, createHash('sha256').update(src.data).digest('hex'));
            cb(null, Readable.from([src.data], { objectMode: false }));
            return;
          }
          const hash = createHash('sha256');
          const stream = src.handle.createReadStream();
          const tap = new Transform({
            transform(chunk: Buffer, _enc, done) {
              hash.update(chunk);
              done(null, chunk);
            },
            flush(done) {
              hashes.set(file.archivePath, hash.digest('hex'));
              done();
            },
          });
          stream.on('error', (err) => zip.emit('error', err));
          cb(null, stream.pipe(tap));
        },
        (err: Error) => cb(err, undefined as never),
      );
    });
  });
  zip.end();
  try {
    await pipeline(output, createWriteStream(outFile));
  } finally {
    // Files read ahead of a failure are closed (their buffers are dropped with them).
    for (const p of ahead.values()) void p.then((src) => (src.kind === 'stream' ? src.handle.close() : undefined), () => {});
  }
  return {
    entries: files.map((f) => f.archivePath),
    files: files.map((f) => ({ archivePath: f.archivePath, sha256: hashes.get(f.archivePath)! })),
  };
}

