import { ResponseTooLargeError } from './errors.js';

/**
 * The most one answer read whole (a JSON answer, an error body) may hold. The largest answer
 * of the API is a page of 100 posts; a portal sending more than this is broken or hostile,
 * and reading on would only fill memory. Streamed downloads (the KB export) have caps of their own.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** The flag and variable that raise the cap, named in the error. */
const MAX_RESPONSE_FLAG = '--max-response';
const MAX_RESPONSE_ENV = 'FP_MAX_RESPONSE';

/** The code a body reader fails with when the answer passes the cap (first-call/node-http-exchange.ts). */
export const TOO_LARGE_CODE = 'FP_RESPONSE_TOO_LARGE';

const UNITS: Record<string, number> = {
  b: 1,
  kb: 1024,
  kib: 1024,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
};

/** `64MB`, `512 MB`, `2GB`, `500kB`; a bare number is megabytes. Undefined for text that is no size. */
export function parseSize(value: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(value.trim());
  const unit = m ? UNITS[(m[2] || 'mb').toLowerCase()] : undefined;
  if (!m || unit === undefined) return undefined;
  const bytes = Math.floor(Number(m[1]) * unit);
  return bytes >= 1 ? bytes : undefined;
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 ** 3 && bytes % 1024 ** 3 === 0) return `${bytes / 1024 ** 3} GB`;
  if (bytes >= 1024 ** 2) return `${+(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} kB`;
  return `${bytes} B`;
}

/** The error for an answer over the cap: which request, what the cap is, and how to raise it. */
export function responseTooLarge(what: string, limit: number, declared?: number): ResponseTooLargeError {
  const size = declared !== undefined ? ` (it announces ${formatSize(declared)})` : '';
  const raised = formatSize(Math.max(limit * 4, declared ?? 0)).replace(' ', '');
  return new ResponseTooLargeError(
    `the answer to ${what} is larger than ${formatSize(limit)}, the limit for one answer${size}; it was not read ` +
      `further. If the portal really sends that much, raise the limit with ${MAX_RESPONSE_FLAG} ${raised} or ${MAX_RESPONSE_ENV}=${raised}`,
  );
}

/**
 * The chunks of a body, failing as soon as they pass `limit` bytes (the body is destroyed then,
 * so the connection stops sending). A `Content-Length` over the limit fails before anything is read.
 */
export async function readCapped(
  body: AsyncIterable<Buffer> & { destroy?: (err?: Error) => unknown },
  limit: number,
  what: string,
  declared?: number,
): Promise<Buffer> {
  if (declared !== undefined && declared > limit) {
    body.destroy?.();
    throw responseTooLarge(what, limit, declared);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > limit) {
      body.destroy?.();
      throw responseTooLarge(what, limit);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** UTF-8 text of a body, a leading byte order mark dropped (as undici's `text()` does). */
export function utf8(bytes: Buffer): string {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return bytes.toString('utf8', bom ? 3 : 0);
}
