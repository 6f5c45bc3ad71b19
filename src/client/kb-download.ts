import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buildPath, endpoints } from '../contract/endpoints.js';
import { pipeToFile } from '../contract/pipe-to-file.js';
import type { ApiClient } from './api-client.js';
import { encodeQuery } from './api-client.js';
import { ResponseShapeError } from './errors.js';

/**
 * Starts the knowledge-base export of a tab and returns the ZIP body as a stream,
 * with the size its Content-Length announces; the caller must consume or dump it.
 * Error answers throw ApiError.
 */
export async function openExport(
  client: ApiClient,
  tabId: number,
): Promise<{ body: Readable; declaredBytes: number | undefined }> {
  const endpoint = endpoints['knowledgebase.export'];
  const target = buildPath(endpoint.path) + encodeQuery({ tab_id: tabId });
  const res = await client.send(endpoint.method, target, { headers: { accept: 'application/zip, application/json' } });
  const type = String(res.headers['content-type'] ?? '');
  if (/json|text\/html/i.test(type)) {
    await res.body.dump();
    throw new ResponseShapeError(
      `unexpected response from ${endpoint.method} ${target}: expected a ZIP archive, got ${type}`,
    );
  }
  const length = Number(res.headers['content-length']);
  return { body: res.body, declaredBytes: Number.isSafeInteger(length) && length >= 0 ? length : undefined };
}

/**
 * The tab's slug, which the export names its file by: its Content-Disposition
 * `attachment; filename="help.zip"` (or the RFC 5987 form) → `help`.
 */
export function slugFromDisposition(header: string): string | undefined {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1]).replace(/\.zip$/i, '');
  const plain = /filename="([^"]*)"/i.exec(header) ?? /filename=([^;]+)/i.exec(header);
  return plain ? plain[1].trim().replace(/\.zip$/i, '') : undefined;
}

/**
 * Streams `body` into `dest` through a temp file in the same folder, renamed into
 * place only once complete: an error never leaves a partial `dest`, and an
 * existing `dest` is replaced atomically. Resolves to the number of bytes written.
 */
export async function saveToFile(
  body: Readable,
  dest: string,
  /** Called with the complete temp file before it is renamed into place; throwing keeps `dest` as it was. */
  beforeRename?: (temp: string) => Promise<void>,
): Promise<number> {
  const temp = path.join(path.dirname(dest), `.${path.basename(dest)}.${randomBytes(4).toString('hex')}.part`);
  let bytes = 0;
  body.on('data', (chunk: Buffer) => (bytes += chunk.length));
  // Interrupted (Ctrl-C exits the process): no temp file stays behind either.
  const removeTemp = () => rmSync(temp, { force: true });
  process.once('exit', removeTemp);
  try {
    await pipeToFile(body, temp, 'wx');
    await beforeRename?.(temp);
    await rename(temp, dest);
  } catch (err) {
    body.destroy();
    await unlink(temp).catch(() => {});
    throw err;
  } finally {
    process.off('exit', removeTemp);
  }
  return bytes;
}

/**
 * The archive `body` carries, in memory while it is at most `limit` bytes;
 * past that, everything received so far and the rest go to the file `spill()`
 * names (created, never replaced). Resolves to the bytes or the file's path.
 */
export async function holdOrSpill(
  body: Readable,
  limit: number,
  spill: () => Promise<string>,
): Promise<Buffer | string> {
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = body[Symbol.asyncIterator]();
  for (let next = await reader.next(); !next.done; next = await reader.next()) {
    const chunk = next.value as Buffer;
    chunks.push(chunk);
    size += chunk.length;
    if (size > limit) {
      const file = await spill();
      const rest = async function* () {
        yield* chunks.splice(0);
        for (let more = await reader.next(); !more.done; more = await reader.next()) yield more.value as Buffer;
      };
      try {
        await pipeToFile(rest(), file, 'wx');
      } catch (err) {
        body.destroy();
        throw err;
      }
      return file;
    }
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
}
