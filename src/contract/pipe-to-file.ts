import { createWriteStream } from 'node:fs';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Pipes `source` (through `transforms`) into `file`, settling only once the file's
 * descriptor is closed. pipeline() alone can reject while the file is still being
 * opened (busy libuv threads), so a caller that then removes the file would have it
 * reappear, or remove a folder with a descriptor still open in it.
 */
export async function pipeToFile(
  source: Readable | Iterable<Buffer> | AsyncIterable<Buffer>,
  file: string,
  flags: 'w' | 'wx',
  ...transforms: Transform[]
): Promise<void> {
  const out = createWriteStream(file, { flags });
  const closed = new Promise<void>((resolve) => out.once('close', () => resolve()));
  try {
    const streams = [source, ...transforms, out] as ReadonlyArray<NodeJS.ReadableStream | NodeJS.WritableStream>;
    await pipeline(streams);
  } finally {
    out.destroy();
    await closed;
  }
}
