import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import {
  CENTRAL_HEADER,
  ENCRYPTED,
  END_OF_DIRECTORY,
  LOCAL_HEADER,
  MAX_16,
  MAX_32,
  STRONG_ENCRYPTION,
  ZIP64_END,
  ZIP64_LOCATOR,
} from './zip-format.js';

/** Where an archive's bytes are: in memory, or in a file read at offsets. */
export interface ZipSource {
  readonly size: number;
  read(at: number, length: number): Promise<Buffer>;
  /** `length` bytes from `at`, as a stream (an entry too large to hold). */
  stream(at: number, length: number): Readable;
  close(): Promise<void>;
}

/** One file or folder of an archive, as its central directory lists it. */
export interface ZipEntryInfo {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

/** The bytes are not a ZIP archive this reader accepts; says what is wrong. */
export class ZipFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipFormatError';
  }
}

export function bufferSource(bytes: Buffer): ZipSource {
  return {
    size: bytes.length,
    read: async (at, length) => bytes.subarray(at, at + length),
    stream: (at, length) => Readable.from([bytes.subarray(at, at + length)]),
    close: async () => {},
  };
}

export async function fileSource(path: string): Promise<ZipSource> {
  const handle: FileHandle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    return {
      size,
      read: async (at, length) => {
        const b = Buffer.allocUnsafe(length);
        const { bytesRead } = await handle.read(b, 0, length, at);
        return b.subarray(0, bytesRead);
      },
      stream: (at, length) =>
        length === 0
          ? Readable.from([])
          : createReadStream(path, { start: at, end: at + length - 1, highWaterMark: 256 * 1024 }),
      close: () => handle.close(),
    };
  } catch (err) {
    await handle.close();
    throw err;
  }
}

/**
 * The entries of an archive from its central directory, read in one piece:
 * every header is checked (signatures, lengths, bounds, ZIP64 fields) before
 * any entry is returned. Entry names are decoded as yauzl decodes them (UTF-8
 * flag, Info-ZIP Unicode path, else CP437) and not otherwise checked.
 */
export async function readDirectory(src: ZipSource): Promise<ZipEntryInfo[]> {
  const tailStart = Math.max(0, src.size - (22 + MAX_16));
  const tail = await src.read(tailStart, src.size - tailStart);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === END_OF_DIRECTORY && i + 22 + tail.readUInt16LE(i + 20) === tail.length) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ZipFormatError('not a ZIP archive: no end of central directory record');
  if (tail.readUInt16LE(at + 4) !== 0 || tail.readUInt16LE(at + 6) !== 0)
    throw new ZipFormatError('multi-disk ZIP archives are not supported');
  let count = tail.readUInt16LE(at + 10);
  let cdSize = tail.readUInt32LE(at + 12);
  let cdOffset = tail.readUInt32LE(at + 16);
  let cdLimit = tailStart + at;
  if (count === MAX_16 || cdSize === MAX_32 || cdOffset === MAX_32) {
    if (at < 20 || tail.readUInt32LE(at - 20) !== ZIP64_LOCATOR)
      throw new ZipFormatError('ZIP64 end of central directory locator not found');
    const recordAt = bigToOffset(tail.readBigUInt64LE(at - 20 + 8), 'ZIP64 end record offset');
    const record = await src.read(recordAt, 56);
    if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_END)
      throw new ZipFormatError('ZIP64 end of central directory record not found');
    count = bigToOffset(record.readBigUInt64LE(32), 'entry count');
    cdSize = bigToOffset(record.readBigUInt64LE(40), 'central directory size');
    cdOffset = bigToOffset(record.readBigUInt64LE(48), 'central directory offset');
    cdLimit = recordAt;
  }
  if (cdOffset + cdSize > cdLimit) throw new ZipFormatError('the central directory runs past its end record');
  if (count * 46 > cdSize) throw new ZipFormatError(`the central directory is too short for ${count} entries`);

  const cd = await src.read(cdOffset, cdSize);
  const entries: ZipEntryInfo[] = [];
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== CENTRAL_HEADER)
      throw new ZipFormatError(`invalid central directory header for entry ${n + 1}`);
    const flags = cd.readUInt16LE(p + 8);
    const nameLength = cd.readUInt16LE(p + 28);
    const extraLength = cd.readUInt16LE(p + 30);
    const commentLength = cd.readUInt16LE(p + 32);
    const end = p + 46 + nameLength + extraLength + commentLength;
    if (end > cd.length) throw new ZipFormatError(`central directory entry ${n + 1} runs past the directory`);
    const nameRaw = cd.subarray(p + 46, p + 46 + nameLength);
    const extras = extraFields(cd.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength));
    const name = yauzl.getFileNameLowLevel(flags, nameRaw, extras, true);
    const entry: ZipEntryInfo = {
      name,
      flags,
      method: cd.readUInt16LE(p + 10),
      crc: cd.readUInt32LE(p + 16),
      compressedSize: cd.readUInt32LE(p + 20),
      size: cd.readUInt32LE(p + 24),
      localHeaderOffset: cd.readUInt32LE(p + 42),
    };
    readZip64Fields(entry, extras);
    if (flags & (ENCRYPTED | STRONG_ENCRYPTION))
      throw new ZipFormatError(`archive entry ${JSON.stringify(name)} is encrypted`);
    if (entry.method === 0 && entry.compressedSize !== entry.size) {
      throw new ZipFormatError(
        `archive entry ${JSON.stringify(name)} is stored, but its sizes differ (${entry.compressedSize} and ${entry.size})`,
      );
    }
    if (entry.localHeaderOffset + 30 > cdOffset)
      throw new ZipFormatError(`archive entry ${JSON.stringify(name)} starts past the file data`);
    entries.push(entry);
    p = end;
  }
  return entries;
}

/** Where an entry's data starts, from its local header; the data must end before the central directory. */
export async function entryDataOffset(src: ZipSource, entry: ZipEntryInfo): Promise<number> {
  const header = await src.read(entry.localHeaderOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_HEADER) {
    throw new ZipFormatError(
      `archive entry ${JSON.stringify(entry.name)} has no local header where the directory says`,
    );
  }
  const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (start + entry.compressedSize > src.size)
    throw new ZipFormatError(`archive entry ${JSON.stringify(entry.name)} runs past the end of the archive`);
  return start;
}

function extraFields(b: Buffer): Array<{ id: number; data: Buffer }> {
  const fields: Array<{ id: number; data: Buffer }> = [];
  for (let i = 0; i + 4 <= b.length;) {
    const id = b.readUInt16LE(i);
    const size = b.readUInt16LE(i + 2);
    if (i + 4 + size > b.length) throw new ZipFormatError('an extra field runs past its header');
    fields.push({ id, data: b.subarray(i + 4, i + 4 + size) });
    i += 4 + size;
  }
  return fields;
}

/** The ZIP64 extended information field holds, in order, each of these that its header left at 0xFFFFFFFF. */
function readZip64Fields(entry: ZipEntryInfo, extras: Array<{ id: number; data: Buffer }>): void {
  const wanted = (['size', 'compressedSize', 'localHeaderOffset'] as const).filter((k) => entry[k] === MAX_32);
  if (wanted.length === 0) return;
  const field = extras.find((f) => f.id === 0x0001);
  if (!field || field.data.length < wanted.length * 8) {
    throw new ZipFormatError(`archive entry ${JSON.stringify(entry.name)} lacks the ZIP64 field its header announces`);
  }
  wanted.forEach(
    (k, i) => (entry[k] = bigToOffset(field.data.readBigUInt64LE(i * 8), `${k} of ${JSON.stringify(entry.name)}`)),
  );
}

function bigToOffset(v: bigint, what: string): number {
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipFormatError(`${what} is too large`);
  return Number(v);
}
