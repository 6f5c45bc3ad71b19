import type { Readable } from 'node:stream';
import yazl from 'yazl';

/**
 * One file of an archive: its whole content, or a stream of it opened only when the
 * writer reaches the entry (so a folder of any size is read one file at a time).
 */
export type ZipInput = { name: string; data: Buffer } | { name: string; open: () => Readable | Promise<Readable> };

/** Every entry gets this time, so the same files make the same bytes. */
const FIXED_MTIME = new Date(Date.UTC(2000, 0, 1));
/** A regular file, rw-r--r--. */
const FILE_MODE = 0o100644;

/**
 * A ZIP of `entries` written by yazl, as a stream. Whole entries are deflated
 * as they are added; opened ones are streamed through the deflater with their
 * sizes in a data descriptor. An error of any entry (a file that cannot be
 * read, a check that fails) ends the stream with that error.
 */
export function zipStream(entries: Iterable<ZipInput>): Readable {
  const zip = new yazl.ZipFile();
  const out = zip.outputStream as Readable;
  const fail = (err: Error) => out.destroy(err);
  zip.on('error', fail);
  const options = { mtime: FIXED_MTIME, mode: FILE_MODE, forceDosTimestamp: true };
  try {
    for (const entry of entries) {
      if ('data' in entry) {
        zip.addBuffer(entry.data, entry.name, options);
        continue;
      }
      const open = entry.open;
      zip.addReadStreamLazy(entry.name, options, (cb) => {
        void (async () => {
          try {
            const stream = await open();
            // yazl pipes the stream without listening for its errors.
            stream.once('error', fail);
            cb(null, stream);
          } catch (err) {
            fail(err as Error);
          }
        })();
      });
    }
    zip.end();
  } catch (err) {
    queueMicrotask(() => fail(err as Error));
  }
  return out;
}
