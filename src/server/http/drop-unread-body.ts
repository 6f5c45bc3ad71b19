import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Call before answering a request whose body was refused unread (auth,
 * validation, size limits). Answering
 * with `Connection: close` instead would close the socket while the client is
 * still sending, and the client would see a reset rather than the answer. Here
 * the rest of the body is discarded until the client, having read the answer,
 * hangs up (undici does so at once); a client that keeps sending is cut off
 * after graceMs, so an oversized upload is never read to the end.
 *
 * Once the body has been drained the connection is an ordinary keep-alive one
 * again: the timer and listeners go with the request, so they can neither cut
 * off the next request on the socket nor pile up on it.
 */
export function dropUnreadBody(req: IncomingMessage, res: ServerResponse, graceMs = 2000): void {
  // Taken now: once the answer is finished the request may be detached from its socket.
  const socket = req.socket;
  req.on('error', () => {});
  res.once('finish', () => {
    if (req.complete || !socket || socket.destroyed) return;
    const timer = setTimeout(() => socket.destroy(), graceMs);
    const stop = () => {
      clearTimeout(timer);
      req.off('end', stop);
      socket.off('close', stop);
    };
    req.once('end', stop);
    socket.once('close', stop);
    req.resume();
  });
}
