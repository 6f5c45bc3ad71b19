import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { crc32, inflateRawSync } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

export type { ZipFile };

/** The bytes are not a ZIP archive yauzl reads, or an entry's data is damaged; says what is wrong. */
class ZipFormatError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ZipFormatError';
  }
}

/** One file or folder of an archive, as its central directory lists it. */
export interface ZipItem {
  /** Decoded as yauzl decodes names (UTF-8 flag, Info-ZIP Unicode path, else CP437), not otherwise checked. */
  name: string;
  /** Uncompressed size as declared; the readers below refuse data that inflates to another size. */
  size: number;
  compressedSize: number;
  entry: Entry;
}

const OPEN_OPTIONS: yauzl.Options = {
  lazyEntries: true,
  autoClose: false,
  decodeStrings: false,
  validateEntrySizes: true,
};

/** ENOENT, EACCES, EIO...: the caller's problem, not a fault of the archive. */
function isFileSystemError(err: unknown): boolean {
  return err instanceof Error && typeof (err as NodeJS.ErrnoException).code === 'string';
}

const asFormatError = (err: unknown): Error =>
  isFileSystemError(err) || err instanceof ZipFormatError
    ? (err as Error)
    : new ZipFormatError(`not a valid ZIP archive: ${(err as Error).message}`, { cause: err });

/** Opens a ZIP file or a ZIP in memory; nothing but its end record is read yet. */
export function openZip(source: string | Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, zip?: ZipFile) => (err ? reject(asFormatError(err)) : resolve(zip!));
    if (typeof source === 'string') yauzl.open(source, OPEN_OPTIONS, done);
    else yauzl.fromBuffer(source, OPEN_OPTIONS, done);
  });
}

/** Closes an archive; a late error of its file is nobody's to hear any more. */
export function closeZip(zip: ZipFile): void {
  zip.on('error', () => {});
  zip.close();
}

/** Every entry of the central directory; nothing is inflated. */
export async function listEntries(zip: ZipFile): Promise<ZipItem[]> {
  const items: ZipItem[] = [];
  try {
    for await (const entry of zip.eachEntry()) {
      items.push({
        name: yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true),
        size: entry.uncompressedSize,
        compressedSize: entry.compressedSize,
        entry,
      });
    }
  } catch (err) {
    throw asFormatError(err);
  }
  return items;
}

function checkReadable(item: ZipItem): void {
  if (item.entry.isEncrypted()) throw new ZipFormatError(`archive entry ${JSON.stringify(item.name)} is encrypted`);
  if (!item.entry.canDecodeFileData()) {
    throw new ZipFormatError(
      `archive entry ${JSON.stringify(item.name)} uses compression method ${item.entry.compressionMethod}; only stored and deflated entries are supported`,
    );
  }
}

const crcError = (item: ZipItem) =>
  new ZipFormatError(`archive entry ${JSON.stringify(item.name)} fails its CRC check`);

/**
 * A small entry's content: its stored bytes read through yauzl, inflated in one call
 * (no inflate stream per entry), then checked: exactly its declared size, and its CRC.
 */
export async function entryBytes(zip: ZipFile, item: ZipItem): Promise<Buffer> {
  checkReadable(item);
  const deflated = item.entry.compressionMethod === 8;
  const stored = await zip.openReadStreamPromise(item.entry, deflated ? { decompress: false } : {});
  const raw = await collect(stored, item);
  let content: Buffer;
  try {
    content = deflated ? inflateRawSync(raw, { maxOutputLength: Math.max(1, item.size) }) : raw;
  } catch (err) {
    throw new ZipFormatError(`archive entry ${JSON.stringify(item.name)} does not inflate to its declared size`, {
      cause: err,
    });
  }
  if (content.length !== item.size) {
    throw new ZipFormatError(
      `archive entry ${JSON.stringify(item.name)} is ${content.length} bytes, its header says ${item.size}`,
    );
  }
  if (crc32(content) !== item.entry.crc32) throw crcError(item);
  return content;
}

async function collect(stream: Readable, item: ZipItem): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
    }
  } catch (err) {
    throw new ZipFormatError(
      `archive entry ${JSON.stringify(item.name)} could not be read: ${(err as Error).message}`,
      {
        cause: err,
      },
    );
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, length);
}

/** yauzl's check of the inflated size, said of the entry. */
function sizeError(item: ZipItem, err: Error): Error {
  const name = JSON.stringify(item.name);
  if (/too many bytes/.test(err.message))
    return new ZipFormatError(`archive entry ${name} inflates to more than the ${item.size} bytes its header says`);
  if (/not enough bytes/.test(err.message))
    return new ZipFormatError(`archive entry ${name} inflates to fewer than the ${item.size} bytes its header says`);
  return asFormatError(err);
}

/**
 * An entry's content as a stream, inflated by yauzl (which stops data that passes its
 * declared size); the returned stream also fails when the content does not match its CRC.
 */
export async function entryStream(zip: ZipFile, item: ZipItem): Promise<Readable> {
  checkReadable(item);
  const data = await zip.openReadStreamPromise(item.entry);
  let crc = 0;
  const checked = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      crc = crc32(chunk, crc);
      done(null, chunk);
    },
    flush(done) {
      done(crc >>> 0 === item.entry.crc32 >>> 0 ? null : crcError(item));
    },
  });
  data.once('error', (err) => checked.destroy(sizeError(item, err)));
  return data.pipe(checked);
}
