/**
 * What an export a portal sends may unpack to. The archive comes from the other side:
 * a ZIP that inflates a thousandfold, lists a million entries, or names one file twice
 * (once as `Intro.md`, once as `intro.md`) is refused before anything is written.
 */
export interface ExportLimits {
  /** Entries at most: what the service accepts on upload, so an export can always be synced back. */
  maxEntries: number;
  /** Bytes the files may inflate to in all; also the most a download may be (a ZIP is no larger than its content). */
  maxBytes: number;
  /** Inflated bytes per byte of the archive, at most, once the files pass RATIO_FLOOR in all. */
  maxRatio: number;
}

/**
 * Below this the ratio is not checked: a small tab of repetitive text compresses far
 * past 100:1 and is harmless; a bomb is what inflates to far more than this.
 */
const RATIO_FLOOR = 1024 ** 2;

export const DEFAULT_EXPORT_LIMITS: ExportLimits = {
  maxEntries: 10_000,
  maxBytes: 1024 ** 3,
  maxRatio: 100,
};

/** The flags that raise the size and ratio caps, named in the errors. */
export const MAX_SIZE_FLAG = '--max-size';
export const MAX_RATIO_FLAG = '--max-ratio';

/** An export refused by a cap; nothing was written. */
class ExportLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportLimitError';
  }
}

export interface ListedEntry {
  name: string;
  /** Declared uncompressed size (the readers refuse data that inflates to another size). */
  size: number;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${+(bytes / 1024 ** 3).toFixed(2)} GB`;
  if (bytes >= 1024 ** 2) return `${+(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${+(bytes / 1024).toFixed(1)} kB`;
}

/** Two names that are one file on a case-insensitive file system (macOS, Windows). */
const folded = (name: string) => name.normalize('NFC').toLowerCase();

/**
 * Checks an archive's listing against the caps, before any entry is inflated: entry
 * count, one path named twice (after case folding), total inflated size, and ratio of
 * that size to the archive's own bytes.
 */
export function checkExportListing(entries: ListedEntry[], archiveBytes: number, limits: ExportLimits): void {
  if (entries.length > limits.maxEntries) {
    throw new ExportLimitError(
      `the export has ${entries.length.toLocaleString('en-US')} entries; at most ${limits.maxEntries.toLocaleString('en-US')} are accepted (as many as an upload may have)`,
    );
  }
  const seen = new Map<string, string>();
  let total = 0;
  for (const { name, size } of entries) {
    if (name.endsWith('/')) continue;
    const key = folded(name);
    const other = seen.get(key);
    if (other !== undefined) {
      throw new ExportLimitError(
        other === name
          ? `the export names ${JSON.stringify(name)} twice`
          : `the export names one file twice: ${JSON.stringify(other)} and ${JSON.stringify(name)} differ only in case`,
      );
    }
    seen.set(key, name);
    total += size;
  }
  if (total > limits.maxBytes) {
    throw new ExportLimitError(
      `the export inflates to ${formatBytes(total)}, over the limit of ${formatBytes(limits.maxBytes)}; if the tab really holds that much, raise it with ${MAX_SIZE_FLAG}`,
    );
  }
  if (total > RATIO_FLOOR && total > archiveBytes * limits.maxRatio) {
    const ratio = Math.round(total / Math.max(1, archiveBytes));
    throw new ExportLimitError(
      `the export inflates ${ratio} times its size (${formatBytes(total)} from ${formatBytes(archiveBytes)}), over the limit of ${limits.maxRatio}:1; if its files really are that repetitive, raise it with ${MAX_RATIO_FLAG}`,
    );
  }
}

/** The first bytes of a ZIP: a local file header, or the end record of an empty archive. */
function looksLikeZip(head: Buffer): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && [0x0304, 0x0506].includes(head.readUInt16BE(2));
}

function notAZip(): ExportLimitError {
  return new ExportLimitError('the export is not a ZIP archive (its first bytes are not a ZIP header)');
}

function downloadTooLarge(limit: number, declared?: number): ExportLimitError {
  const size = declared !== undefined ? ` (it announces ${formatBytes(declared)})` : '';
  return new ExportLimitError(
    `the export download is larger than ${formatBytes(limit)}${size}, the limit of what it may unpack to; it was not read further. If the tab really holds that much, raise it with ${MAX_SIZE_FLAG}`,
  );
}

/**
 * The chunks of an export download, stopped as soon as the first bytes are not a ZIP's
 * or the count passes `limit` (a Content-Length over it stops the download before any read).
 */
export async function* checkedDownload(
  body: AsyncIterable<Buffer> & { destroy(err?: Error): unknown },
  limit: number,
  declared: number | undefined,
): AsyncGenerator<Buffer> {
  if (declared !== undefined && declared > limit) {
    body.destroy();
    throw downloadTooLarge(limit, declared);
  }
  let size = 0;
  let head = Buffer.alloc(0);
  for await (const chunk of body) {
    size += chunk.length;
    if (size > limit) throw downloadTooLarge(limit);
    if (head.length < 4) {
      head = Buffer.concat([head, chunk]);
      if (head.length >= 4 && !looksLikeZip(head)) throw notAZip();
    }
    yield chunk;
  }
  if (head.length < 4) throw notAZip();
}
