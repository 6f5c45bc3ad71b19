import { createHash } from 'node:crypto';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ArchiveError, NOT_A_ZIP_MESSAGE } from './archive-error.js';
import { checkEntryPath, isArchiverLitter } from './entry-path.js';
import { embeddedPaths } from './image-links.js';
import { ACCEPTED_IMAGES, IMAGE_LIMITS, imageTypeOf, type ImageLimits } from './image-type.js';
import { IMAGES_FOLDER, imageKeyOf } from './image-url.js';
import { isInstructionFile } from './instruction-files.js';
import { compareStrings } from './layout.js';
import { SizeLimitExceeded, readLimited } from './limited-read.js';
import type { EditorType } from './link-destinations.js';
import type { ArchiveLimits, ParsedArchive, ParsedImage } from './model.js';
import { parseEntries, type MarkdownEntry } from './parse-entries.js';

const MB = 1024 * 1024;
const DEFAULT_ARCHIVE_LIMITS: Required<ArchiveLimits> = {
  maxEntries: 10_000,
  maxEntryBytes: 100 * MB,
  maxTotalBytes: 100 * MB,
};

/**
 * One markdown file (front matter and body) is held in memory whole, then parsed:
 * bounded well below the entry limit, which is for assets that are never read.
 */
const MAX_MARKDOWN_BYTES = 1 * MB;

export interface ReadOptions {
  /** How bodies are written, to find the images they show (default markdown). */
  editorType?: EditorType;
  imageLimits?: ImageLimits;
}

/**
 * Reads a knowledge-base archive from a ZIP file on disk, one entry at a time.
 * Markdown files become sections and articles; AI instruction files are listed and
 * left alone. Images (every file under `images/`, and any other file a body shows as
 * an image through a relative link) are read, bounded and checked by content; other
 * files count towards the size limits by their declared size and are otherwise ignored.
 */
export async function readArchive(
  zipPath: string,
  limits: ArchiveLimits = {},
  options: ReadOptions = {},
): Promise<ParsedArchive> {
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
    const instructionFiles: string[] = [];
    /** Files that are neither markdown nor instructions: images, or anything else. */
    const others = new Map<string, Entry>();
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
        if (isInstructionFile(name) && !isArchiverLitter(folderOf(name))) {
          instructionFiles.push(name);
          totalBytes += entry.uncompressedSize;
          continue;
        }
        if (isArchiverLitter(name)) {
          totalBytes += entry.uncompressedSize;
          continue;
        }
        if (!name.toLowerCase().endsWith('.md')) {
          others.set(name, entry);
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
    const parsed = parseEntries(markdown);
    const editorType = options.editorType ?? 'markdown';
    const shown = others.size === 0 ? new Set<string>() : embeddedPaths(parsed, editorType);
    const candidates = [...others.keys()]
      .filter((name) => name.startsWith(`${IMAGES_FOLDER}/`) || shown.has(name))
      .sort(compareStrings);
    const images = await readImages(zipfile, candidates, others, options.imageLimits ?? IMAGE_LIMITS);
    return { ...parsed, images, instructionFiles: instructionFiles.sort(compareStrings) };
  } finally {
    // Nobody is listening any more: a late error (closing the file) must not become an unhandled 'error' event.
    zipfile.on('error', () => {});
    zipfile.close();
  }
}

const folderOf = (name: string) => name.slice(0, Math.max(name.lastIndexOf('/'), 0));

/**
 * The images, each read within its bounds and judged by its first bytes; two entries
 * kept under one key must hold the same bytes, and two keys may not differ only in case
 * (an export would name one file twice on macOS and Windows). Both entries of one key are
 * listed, so that links to either are found.
 */
async function readImages(
  zipfile: ZipFile,
  names: string[],
  entries: Map<string, Entry>,
  limits: ImageLimits,
): Promise<ParsedImage[]> {
  const images: ParsedImage[] = [];
  const byKey = new Map<string, ParsedImage>();
  const folded = new Map<string, string>();
  let total = 0;
  for (const [index, name] of names.entries()) {
    if (index >= limits.maxImages) {
      throw new ArchiveError(
        name,
        `the archive has ${names.length} images; at most ${limits.maxImages.toLocaleString('en-US')} are allowed.`,
      );
    }
    const entry = entries.get(name)!;
    if (entry.uncompressedSize > limits.maxImageBytes) throw tooLargeImage(name, limits);
    if (total + entry.uncompressedSize > limits.maxTotalBytes) throw tooManyImageBytes(name, limits);
    const data = await readEntry(
      zipfile,
      entry,
      name,
      Math.min(limits.maxImageBytes, limits.maxTotalBytes - total),
      (n) => (n > limits.maxImageBytes ? tooLargeImage(name, limits) : tooManyImageBytes(name, limits)),
    );
    total += data.length;
    const contentType = imageTypeOf(data);
    if (contentType === null) {
      throw new ArchiveError(
        name,
        `is not an image of an accepted type (${ACCEPTED_IMAGES}); the type is judged by the content, not the name.`,
      );
    }
    const image: ParsedImage = {
      path: name,
      key: imageKeyOf(name),
      contentType,
      sha256: createHash('sha256').update(data).digest('hex'),
      data,
    };
    const twin = byKey.get(image.key);
    if (twin !== undefined) {
      if (twin.sha256 !== image.sha256) {
        throw new ArchiveError(
          name,
          `is kept as "${IMAGES_FOLDER}/${image.key}", which "${twin.path}" also is, with other content.`,
        );
      }
      images.push(image);
      continue;
    }
    const other = folded.get(image.key.toLowerCase());
    if (other !== undefined) {
      throw new ArchiveError(name, `differs only in case from the image "${other}"; rename one of them.`);
    }
    folded.set(image.key.toLowerCase(), name);
    byKey.set(image.key, image);
    images.push(image);
  }
  return images.sort((a, b) => compareStrings(a.key, b.key) || compareStrings(a.path, b.path));
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

function tooLargeImage(name: string, limits: ImageLimits): ArchiveError {
  return new ArchiveError(name, `image is over the limit of ${formatBytes(limits.maxImageBytes)}.`);
}

function tooManyImageBytes(name: string, limits: ImageLimits): ArchiveError {
  return new ArchiveError(
    name,
    `the archive's images go over the limit of ${formatBytes(limits.maxTotalBytes)} in all.`,
  );
}

function formatBytes(bytes: number): string {
  return bytes % MB === 0 ? `${bytes / MB} MB` : `${bytes} bytes`;
}
