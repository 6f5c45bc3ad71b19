import type { IncomingMessage } from 'node:http';
import { HttpError } from './error-response.js';

/**
 * Only `chunked` is understood as a transfer coding. Node's parser frames a
 * body sent as `gzip, chunked` by its last coding and would hand the handler
 * compressed bytes as if they were the body; such a request is refused instead
 * (400, not RFC 9112's 501: the client sent something this server never accepts).
 */
export function assertKnownTransferEncoding(req: IncomingMessage): void {
  const header = req.headers['transfer-encoding'];
  if (header === undefined) return;
  const codings = header.split(',').map((c) => c.trim().toLowerCase());
  if (codings.length === 1 && codings[0] === 'chunked') return;
  throw new HttpError(
    400,
    `Transfer-Encoding "${header}" is not supported; send the body with Content-Length or chunked alone.`,
  );
}
