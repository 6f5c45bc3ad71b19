import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import {
  CENTRAL_HEADER,
  DATA_DESCRIPTOR,
  DATA_DESCRIPTOR_RECORD,
  DEFLATE,
  END_OF_DIRECTORY,
  LOCAL_HEADER,
  MAX_16,
  MAX_32,
  STORE,
  UTF8_NAMES,
  ZIP64_END,
  ZIP64_LOCATOR,
} from './zip-format.js';

/** One file of an archive: its whole content, or a stream of it (for files too large to hold). */
export type ZipEntry = { name: string; data: Buffer } | { name: string; stream: AsyncIterable<Buffer> };

export interface ZipOptions {
  /** The modification time of every entry; fixed, so the same files make the same bytes. */
  mtime?: Date;
  /** Output chunks are gathered up to this size (a socket write per small entry header is slow). */
  chunkBytes?: number;
}

const FIXED_MTIME = new Date(Date.UTC(2000, 0, 1));
/** Made by Unix (3), ZIP 2.0; regular file, rw-r--r--. */
const MADE_BY = (3 << 8) | 20;
const EXTERNAL_ATTRIBUTES = (0o100644 << 16) >>> 0;

/**
 * zlib's defaults give every one-call deflate a 32 kB window and a 128 kB hash
 * table, most of the cost of deflating a 1 kB article. A window that just
 * covers the data (plus zlib's 262-byte lookahead) finds the same matches;
 * any inflater reads the result, whatever its own window.
 */
export function windowFor(size: number): { windowBits: number; memLevel: number } {
  const windowBits = Math.min(15, Math.max(9, Math.ceil(Math.log2(size + 262))));
  return { windowBits, memLevel: Math.max(1, windowBits - 7) };
}

interface Written {
  name: Buffer;
  flags: number;
  method: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/**
 * A ZIP archive of `entries` as a stream of chunks, written in one pass: whole
 * entries are deflated in one call (kept stored when deflate does not shrink
 * them), streamed ones are deflated on the way with their sizes in a data
 * descriptor. Memory holds one entry and the central directory. Entry names are
 * written as given (UTF-8); the caller checks them.
 */
export async function* zipChunks(
  entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>,
  opts: ZipOptions = {},
): AsyncGenerator<Buffer> {
  const { time, date } = dosDateTime(opts.mtime ?? FIXED_MTIME);
  const chunkBytes = opts.chunkBytes ?? 64 * 1024;
  const written: Written[] = [];
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let offset = 0;
  const put = (b: Buffer) => {
    pending.push(b);
    pendingBytes += b.length;
    offset += b.length;
  };
  const take = () => {
    const all = pending.length === 1 ? pending[0] : Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    return all;
  };

  for await (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    if (name.length > MAX_16) throw new Error(`archive entry name is too long: ${entry.name.slice(0, 80)}…`);
    const start = offset;
    if ('data' in entry) {
      const deflated = deflateRawSync(entry.data, windowFor(entry.data.length));
      const method = deflated.length < entry.data.length ? DEFLATE : STORE;
      const body = method === DEFLATE ? deflated : entry.data;
      const w: Written = {
        name,
        flags: UTF8_NAMES,
        method,
        crc: crc32(entry.data),
        compressed: body.length,
        size: entry.data.length,
        offset: start,
      };
      checkOffsets(w, entry.name);
      put(localHeader(w, time, date));
      put(body);
      written.push(w);
    } else {
      const w: Written = {
        name,
        flags: UTF8_NAMES | DATA_DESCRIPTOR,
        method: DEFLATE,
        crc: 0,
        compressed: 0,
        size: 0,
        offset: start,
      };
      put(localHeader(w, time, date));
      const source = entry.stream;
      const counted = async function* () {
        for await (const chunk of source) {
          w.crc = crc32(chunk, w.crc);
          w.size += chunk.length;
          yield chunk;
        }
      };
      const deflater = createDeflateRaw();
      const feeding = feed(counted(), deflater);
      try {
        for await (const out of deflater as AsyncIterable<Buffer>) {
          w.compressed += out.length;
          put(out);
          if (pendingBytes >= chunkBytes) yield take();
        }
      } finally {
        // A reader that stops early (or an error) ends the feeding and closes the source.
        deflater.destroy();
        await feeding;
      }
      checkOffsets(w, entry.name);
      put(dataDescriptor(w));
      written.push(w);
    }
    if (pendingBytes >= chunkBytes) yield take();
  }

  const directoryStart = offset;
  for (const w of written) {
    put(centralHeader(w, time, date));
    if (pendingBytes >= chunkBytes) yield take();
  }
  const directorySize = offset - directoryStart;
  if (written.length >= MAX_16 || directoryStart >= MAX_32 || directorySize >= MAX_32) {
    put(zip64End(written.length, directorySize, directoryStart, offset));
  }
  put(endOfDirectory(written.length, directorySize, directoryStart));
  yield take();
}

/** Writes `source` into the deflater, honouring its backpressure; the deflater's errors end the output loop. */
async function feed(source: AsyncIterable<Buffer>, deflater: ReturnType<typeof createDeflateRaw>): Promise<void> {
  try {
    for await (const chunk of source) {
      if (deflater.destroyed) return;
      if (!deflater.write(chunk)) {
        await new Promise<void>((resolve) => {
          const done = () => {
            deflater.off('drain', done).off('close', done);
            resolve();
          };
          deflater.on('drain', done).on('close', done);
        });
      }
    }
    deflater.end();
  } catch (err) {
    deflater.destroy(err as Error);
  }
}

function checkOffsets(w: Written, name: string): void {
  if (w.offset >= MAX_32 || w.size >= MAX_32 || w.compressed >= MAX_32) {
    throw new Error(`archive entry ${JSON.stringify(name)} does not fit a ZIP without ZIP64 (4 GB)`);
  }
}

function localHeader(w: Written, time: number, date: number): Buffer {
  const b = Buffer.alloc(30 + w.name.length);
  b.writeUInt32LE(LOCAL_HEADER, 0);
  b.writeUInt16LE(20, 4);
  b.writeUInt16LE(w.flags, 6);
  b.writeUInt16LE(w.method, 8);
  b.writeUInt16LE(time, 10);
  b.writeUInt16LE(date, 12);
  // With a data descriptor, crc and sizes follow the data.
  b.writeUInt32LE(w.crc >>> 0, 14);
  b.writeUInt32LE(w.compressed, 18);
  b.writeUInt32LE(w.size, 22);
  b.writeUInt16LE(w.name.length, 26);
  b.writeUInt16LE(0, 28);
  w.name.copy(b, 30);
  return b;
}

function dataDescriptor(w: Written): Buffer {
  const b = Buffer.alloc(16);
  b.writeUInt32LE(DATA_DESCRIPTOR_RECORD, 0);
  b.writeUInt32LE(w.crc >>> 0, 4);
  b.writeUInt32LE(w.compressed, 8);
  b.writeUInt32LE(w.size, 12);
  return b;
}

function centralHeader(w: Written, time: number, date: number): Buffer {
  const b = Buffer.alloc(46 + w.name.length);
  b.writeUInt32LE(CENTRAL_HEADER, 0);
  b.writeUInt16LE(MADE_BY, 4);
  b.writeUInt16LE(20, 6);
  b.writeUInt16LE(w.flags, 8);
  b.writeUInt16LE(w.method, 10);
  b.writeUInt16LE(time, 12);
  b.writeUInt16LE(date, 14);
  b.writeUInt32LE(w.crc >>> 0, 16);
  b.writeUInt32LE(w.compressed, 20);
  b.writeUInt32LE(w.size, 24);
  b.writeUInt16LE(w.name.length, 28);
  // extra field, comment, disk number start, internal attributes: 0
  b.writeUInt32LE(EXTERNAL_ATTRIBUTES, 38);
  b.writeUInt32LE(w.offset, 42);
  w.name.copy(b, 46);
  return b;
}

/** The ZIP64 end record and its locator: only when there are 65,535 entries or more. */
function zip64End(count: number, size: number, start: number, at: number): Buffer {
  const b = Buffer.alloc(56 + 20);
  b.writeUInt32LE(ZIP64_END, 0);
  b.writeBigUInt64LE(44n, 4);
  b.writeUInt16LE(MADE_BY, 12);
  b.writeUInt16LE(45, 14);
  // this disk, disk of the directory: 0
  b.writeBigUInt64LE(BigInt(count), 24);
  b.writeBigUInt64LE(BigInt(count), 32);
  b.writeBigUInt64LE(BigInt(size), 40);
  b.writeBigUInt64LE(BigInt(start), 48);
  b.writeUInt32LE(ZIP64_LOCATOR, 56);
  b.writeUInt32LE(0, 60);
  b.writeBigUInt64LE(BigInt(at), 64);
  b.writeUInt32LE(1, 72);
  return b;
}

function endOfDirectory(count: number, size: number, start: number): Buffer {
  const b = Buffer.alloc(22);
  b.writeUInt32LE(END_OF_DIRECTORY, 0);
  b.writeUInt16LE(Math.min(count, MAX_16), 8);
  b.writeUInt16LE(Math.min(count, MAX_16), 10);
  b.writeUInt32LE(Math.min(size, MAX_32), 12);
  b.writeUInt32LE(Math.min(start, MAX_32), 16);
  return b;
}

/** MS-DOS date and time fields, in UTC (the same archive whatever the machine's time zone). */
function dosDateTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
    date: ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}
