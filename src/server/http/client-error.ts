import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Requests Node's parser refuses before any handler runs (headers over 16 KiB,
 * malformed request lines, bad header characters) are answered like every
 * other refusal: JSON with a `message`, instead of Node's bare status line.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || (err.code === 'ECONNRESET' && socket.destroyed)) {
      socket.destroy();
      return;
    }
    const [status, message] = refusal(err.code);
    const body = JSON.stringify({ message });
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

function refusal(code: string | undefined): [status: string, message: string] {
  if (code === 'HPE_HEADER_OVERFLOW')
    return ['431 Request Header Fields Too Large', 'The request headers (with the URL) are larger than 16 KiB.'];
  // headersTimeout or requestTimeout (server-limits.ts)
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return ['408 Request Timeout', 'The request did not arrive in time.'];
  return ['400 Bad Request', 'The request could not be parsed as HTTP/1.1.'];
}
