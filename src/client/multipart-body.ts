import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

export type MultipartPart =
  | { name: string; value: string }
  | { name: string; filePath: string; filename?: string; contentType?: string }
  /** A file made on the way (a folder being zipped): its length is not known up front. */
  | { name: string; stream: AsyncIterable<Buffer>; filename: string; contentType?: string };

export interface MultipartBody {
  /** Single use: a request that is retried needs a new body. */
  body: Readable;
  contentType: string;
  /** Undefined when a part is a stream: the body is then sent chunked. */
  contentLength: number | undefined;
}

type Planned =
  | { head: Buffer; value: Buffer }
  | { head: Buffer; filePath: string; size: number }
  | { head: Buffer; stream: AsyncIterable<Buffer> };

const CRLF = '\r\n';

/**
 * A multipart/form-data body streamed from disk, with its exact length known up
 * front (from fs.stat) so the server can refuse an oversized upload before
 * reading it; a streamed part makes a body of unknown length (sent chunked).
 * Names may repeat (`delete_confirmed[]` several times).
 */
export async function multipartBody(parts: MultipartPart[]): Promise<MultipartBody> {
  const boundary = `----fpFormBoundary${randomBytes(16).toString('hex')}`;
  const planned: Planned[] = [];
  for (const part of parts) {
    const disposition = `Content-Disposition: form-data; name="${escapeParam(part.name)}"`;
    if ('value' in part) {
      planned.push({
        head: Buffer.from(`--${boundary}${CRLF}${disposition}${CRLF}${CRLF}`),
        value: Buffer.from(part.value),
      });
      continue;
    }
    const type = part.contentType ?? 'application/octet-stream';
    if (/[\r\n]/.test(type)) throw new Error(`Invalid content type for ${part.name}: ${JSON.stringify(type)}`);
    const fileHead = (filename: string) =>
      Buffer.from(
        `--${boundary}${CRLF}${disposition}; filename="${escapeParam(filename)}"${CRLF}Content-Type: ${type}${CRLF}${CRLF}`,
      );
    if ('stream' in part) {
      planned.push({ head: fileHead(part.filename), stream: part.stream });
      continue;
    }
    const info = await stat(part.filePath);
    if (!info.isFile()) throw new Error(`${part.filePath} is not a regular file`);
    planned.push({
      head: fileHead(part.filename ?? path.basename(part.filePath)),
      filePath: part.filePath,
      size: info.size,
    });
  }
  const tail = Buffer.from(`--${boundary}--${CRLF}`);

  let contentLength: number | undefined = tail.length;
  for (const p of planned) {
    const size = 'value' in p ? p.value.length : 'size' in p ? p.size : undefined;
    contentLength =
      contentLength === undefined || size === undefined
        ? undefined
        : contentLength + p.head.length + size + CRLF.length;
  }

  return {
    body: Readable.from(generate(planned, tail), { objectMode: false }),
    contentType: `multipart/form-data; boundary=${boundary}`,
    contentLength,
  };
}

async function* generate(planned: Planned[], tail: Buffer): AsyncGenerator<Buffer> {
  const crlf = Buffer.from(CRLF);
  for (const p of planned) {
    yield p.head;
    if ('value' in p) yield p.value;
    else if ('stream' in p) yield* p.stream;
    else yield* fileChunks(p.filePath, p.size);
    yield crlf;
  }
  yield tail;
}

// Reads exactly the stat'ed size: a file that shrank or grew since would
// otherwise break the announced Content-Length.
async function* fileChunks(filePath: string, size: number): AsyncGenerator<Buffer> {
  if (size === 0) return;
  let sent = 0;
  // Larger reads than the default 64 kB: a 100 MB upload spends less time passing chunks along.
  for await (const chunk of createReadStream(filePath, { start: 0, end: size - 1, highWaterMark: 256 * 1024 })) {
    sent += (chunk as Buffer).length;
    yield chunk as Buffer;
  }
  if (sent !== size) throw new Error(`${filePath} changed while it was being sent (${sent} of ${size} bytes)`);
}

// As browsers do (HTML, "multipart/form-data encoding algorithm").
function escapeParam(value: string): string {
  return value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
