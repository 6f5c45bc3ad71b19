import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';

export interface ServerLimits {
  /** The request line and headers must have arrived within this time (408 otherwise). */
  headersTimeoutMs: number;
  /** The whole request, body included, must have arrived within this time (408 otherwise). */
  requestTimeoutMs: number;
  /** Open connections over every address of the server; one more is answered 503 and closed. */
  maxConnections: number;
  /** Open connections from one client address, so one client cannot take every connection. */
  maxConnectionsPerClient: number;
}

export const SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  // A 100 MB upload (the sync limit) at under 1 MB/s; the client's own default deadline is the same.
  requestTimeoutMs: 120_000,
  maxConnections: 1_000,
  maxConnectionsPerClient: 200,
};

/** Options for `http.createServer`: the deadlines, checked often enough to hold to the second. */
export function serverOptions(limits: ServerLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
    // A request without Host is refused by the pipeline with a JSON message (check-host.ts), not by Node.
    requireHostHeader: false,
  };
}

const BUSY = JSON.stringify({ message: 'The server has too many open connections. Try again shortly.' });
const BUSY_ANSWER =
  'HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 1\r\n' +
  `Content-Length: ${Buffer.byteLength(BUSY)}\r\nConnection: close\r\n\r\n${BUSY}`;
const refusedSockets = new WeakSet<Socket>();

/** Whether the connection was over the cap and has been answered already (its requests are not handled). */
export const isRefused = (socket: Socket): boolean => refusedSockets.has(socket);

/**
 * One count of open connections, in all and per client address, shared by the
 * servers it is attached to. A connection over either cap is answered 503 at once
 * and closed, before a byte of its request is read; past twice the cap Node closes
 * new connections unanswered.
 */
export function connectionGate(limits: ServerLimits): (server: Server) => void {
  let open = 0;
  const perClient = new Map<string, number>();
  const admit = (socket: Socket) => {
    const client = socket.remoteAddress ?? '';
    const mine = perClient.get(client) ?? 0;
    if (open >= limits.maxConnections || mine >= limits.maxConnectionsPerClient) return false;
    open++;
    perClient.set(client, mine + 1);
    socket.once('close', () => {
      open--;
      const left = perClient.get(client)! - 1;
      if (left === 0) perClient.delete(client);
      else perClient.set(client, left);
    });
    return true;
  };
  return (server) => {
    server.maxConnections = limits.maxConnections * 2;
    server.prependListener('connection', (socket: Socket) => {
      if (!admit(socket)) refuse(socket);
    });
  };
}

function refuse(socket: Socket): void {
  refusedSockets.add(socket);
  socket.on('error', () => {});
  // The request may still be on its way: read and drop it, so the client gets the answer instead of a reset.
  socket.end(BUSY_ANSWER);
  socket.resume();
  const timer = setTimeout(() => socket.destroy(), 1_000);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}
