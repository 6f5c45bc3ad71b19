import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Call before answering a request whose body was refused unread (auth,
 * validation, size limits). Answering
 * with `Connection: close` instead would close the socket while the client is
 * still sending, and the client would see a reset rather than the answer. Here
 * the rest of the body is discarded until the client, having read the answer,
 * hangs up (undici does so at once); a client that keeps sending is cut off
 * after graceMs, so an oversized upload is never read to the end.
 */
export function dropUnreadBody(req: IncomingMessage, res: ServerResponse, graceMs = 2000): void {
  // Taken now: once the answer is finished the request may be detached from its socket.
  const socket = req.socket;
  req.on('error', () => {});
  res.once('finish', () => {
    if (req.complete || !socket || socket.destroyed) return;
    req.resume();
    const timer = setTimeout(() => socket.destroy(), graceMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
}
