import { once } from 'node:events';
import type { IO } from '../io.js';

/** A piece of a stream ending: bytes or text as they go to stdout, or a JSON value for `--jq`. */
export type Chunk = string | Uint8Array | { json: unknown };

/**
 * Writes a stream ending to stdout in order, waiting for a full pipe to drain. A reader that
 * goes away (`fp … | head`: EPIPE) ends the stream quietly and stops its source; any other
 * failure of stdout is thrown.
 */
export async function writeStream(
  io: IO,
  chunks: Iterable<Chunk> | AsyncIterable<Chunk>,
  json: (value: unknown) => Promise<void>,
): Promise<void> {
  const out = io.stdout as { write(chunk: string | Uint8Array): unknown; once?: unknown };
  const emitter = typeof out.once === 'function' ? (out as unknown as NodeJS.EventEmitter) : undefined;
  let broken: NodeJS.ErrnoException | undefined;
  let onBroken = () => {};
  const gone = new Promise<void>((resolve) => (onBroken = resolve));
  const onError = (err: NodeJS.ErrnoException) => {
    broken = err;
    onBroken();
  };
  emitter?.on('error', onError);
  try {
    for await (const chunk of chunks) {
      if (broken) break;
      if (typeof chunk === 'object' && 'json' in chunk) await json(chunk.json);
      else if (out.write(chunk) === false && emitter) await Promise.race([once(emitter, 'drain'), gone]);
    }
    if (broken && broken.code !== 'EPIPE') throw broken;
  } catch (err) {
    if (broken?.code !== 'EPIPE') throw broken ?? err;
  } finally {
    emitter?.off('error', onError);
  }
}
