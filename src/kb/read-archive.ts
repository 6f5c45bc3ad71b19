import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ArchiveError, NOT_A_ZIP_MESSAGE } from './archive-error.js';
import { checkEntryPath, isArchiverLitter } from './entry-path.js';
import { SizeLimitExceeded, readLimited } from './limited-read.js';
import type { ArchiveLimits, ParsedArchive } from './model.js';
import { parseEntries, type MarkdownEntry } from './parse-entries.js';

const MB = 1024 * 1024;
export const DEFAULT_ARCHIVE_LIMITS: Required<ArchiveLimits> = {
  maxEntries: 10_000,
  maxEntryBytes: 100 * MB,
  maxTotalBytes: 100 * MB,
};

/**
 * One markdown file (front matter and body) is held in memory whole, then parsed:
 * bounded well below the entry limit, which is for assets that are never read.
 */
export const MAX_MARKDOWN_BYTES = 1 * MB;

/**
 * Reads a knowledge-base archive from a ZIP file on disk, one entry at a time.
 * Only `.md` entries are inflated; other files (images, ...) count towards the
 * size limits by their declared size and are otherwise ignored.
 */
export async function readArchive(zipPath: string, limits: ArchiveLimits = {}): Promise<ParsedArchive> {
  const { maxEntries, maxEntryBytes, maxTotalBytes } = { ...DEFAULT_ARCHIVE_LIMITS, ...limits };
  const zipfile = await openZip(zipPath);
  try {
    if (zipfile.entryCount > maxEntries) {
      throw new ArchiveError(
        null,
        `The archive has ${zipfile.entryCount} entries; at most ${maxEntries.toLocaleString('en-US')} are allowed.`,
      );
    }
    const markdown: MarkdownEntry[] = [];
    const seen = new Set<string>();
    let totalBytes = 0;
    try {
      for await (const entry of zipfile.eachEntry()) {
        // File names are decoded here rather than by yauzl so that a refused name is reported as this entry.
        const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
        checkEntryPath(name);
        if (name.endsWith('/')) continue;
        if (seen.has(name)) throw new ArchiveError(name, 'the archive contains this path twice.');
        seen.add(name);

        if (entry.uncompressedSize > maxEntryBytes) throw tooLargeEntry(name, maxEntryBytes);
        if (totalBytes + entry.uncompressedSize > maxTotalBytes) throw tooLargeTotal(name, maxTotalBytes);
        if (!name.toLowerCase().endsWith('.md') || isArchiverLitter(name)) {
          totalBytes += entry.uncompressedSize;
          continue;
        }
        if (entry.uncompressedSize > MAX_MARKDOWN_BYTES) throw tooLargeMarkdown(name);
        const limit = Math.min(maxEntryBytes, maxTotalBytes - totalBytes, MAX_MARKDOWN_BYTES);
        const bytes = await readEntry(zipfile, entry, name, limit, (n) =>
          n > maxEntryBytes
            ? tooLargeEntry(name, maxEntryBytes)
            : n > MAX_MARKDOWN_BYTES
              ? tooLargeMarkdown(name)
              : tooLargeTotal(name, maxTotalBytes),
        );
        totalBytes += bytes.length;
        markdown.push({ path: name, text: decodeUtf8(bytes, name) });
      }
    } catch (err) {
      if (err instanceof ArchiveError || isFileSystemError(err)) throw err;
      // Entry contents are read in readEntry, so what is left are yauzl's errors
      // from walking the central directory: a damaged archive.
      throw new ArchiveError(null, NOT_A_ZIP_MESSAGE);
    }
    return parseEntries(markdown);
  } finally {
    // Nobody is listening any more: a late error (closing the file) must not become an unhandled 'error' event.
    zipfile.on('error', () => {});
    zipfile.close();
  }
}

function openZip(zipPath: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      zipPath,
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true },
      (err, zipfile) => {
        if (!err) return resolve(zipfile);
        if (isFileSystemError(err)) return reject(err);
        reject(new ArchiveError(null, NOT_A_ZIP_MESSAGE));
      },
    );
  });
}

/** ENOENT, EACCES, EIO, ...: the caller's problem, not a fault of the upload. */
function isFileSystemError(err: unknown): boolean {
  return err instanceof Error && typeof (err as NodeJS.ErrnoException).code === 'string';
}

async function readEntry(
  zipfile: ZipFile,
  entry: Entry,
  name: string,
  limit: number,
  overLimit: (bytesSeen: number) => ArchiveError,
): Promise<Buffer> {
  if (entry.isEncrypted()) throw new ArchiveError(name, 'encrypted entries are not supported.');
  if (!entry.canDecodeFileData()) {
    throw new ArchiveError(name, `compression method ${entry.compressionMethod} is not supported.`);
  }
  try {
    return await readLimited(await zipfile.openReadStreamPromise(entry), limit);
  } catch (err) {
    if (err instanceof SizeLimitExceeded) throw overLimit(err.bytesSeen);
    // yauzl's validateEntrySizes: the inflated data disagrees with the header.
    if (/too many bytes|not enough bytes/.test((err as Error).message)) {
      throw new ArchiveError(name, 'uncompressed size does not match the size in its header.');
    }
    throw new ArchiveError(name, `could not be read: ${(err as Error).message}.`);
  }
}

function decodeUtf8(bytes: Buffer, name: string): string {
  try {
    // A leading byte order mark is dropped, so front matter after it is still found.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ArchiveError(name, 'content is not valid UTF-8 text.');
  }
}

function tooLargeEntry(name: string, limit: number): ArchiveError {
  return new ArchiveError(name, `uncompressed size is over the limit of ${formatBytes(limit)} per entry.`);
}

function tooLargeMarkdown(name: string): ArchiveError {
  return new ArchiveError(
    name,
    `markdown file is over the limit of ${formatBytes(MAX_MARKDOWN_BYTES)} (front matter and body).`,
  );
}

function tooLargeTotal(name: string, limit: number): ArchiveError {
  return new ArchiveError(name, `the archive's total uncompressed size goes over the limit of ${formatBytes(limit)}.`);
}

function formatBytes(bytes: number): string {
  return bytes % MB === 0 ? `${bytes / MB} MB` : `${bytes} bytes`;
}
