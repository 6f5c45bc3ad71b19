import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import { clientAddress } from './client-address.js';

export interface ServerLimits {
  /** The request line and headers must have arrived within this time (408 otherwise). */
  headersTimeoutMs: number;
  /** The whole request, body included, must have arrived within this time (408 otherwise). */
  requestTimeoutMs: number;
  /** Open connections over every address of the server; one more is answered 503 and closed. */
  maxConnections: number;
  /** Open connections from one client address (`clientAddress`), so one client cannot take every connection. */
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
 * One count of open connections, in all and per client address (`clientAddress`),
 * shared by the servers it is attached to. A connection over its address's cap is
 * answered 503 at once and closed, before a byte of its request is read. When all
 * connections are taken, the address holding the most gives up its oldest one to an
 * address holding fewer, so a stranger's connections never lock out an administrator
 * at another address (`D-CLIENT-ADDRESS`); only an address already holding as many as
 * any other is answered 503. Past twice the cap Node closes new connections unanswered.
 */
export function connectionGate(limits: ServerLimits): (server: Server) => void {
  let open = 0;
  /** Each address's open connections, the oldest first. */
  const byClient = new Map<string, Set<Socket>>();
  const release = (client: string, socket: Socket) => {
    const mine = byClient.get(client);
    if (!mine?.delete(socket)) return;
    open--;
    if (mine.size === 0) byClient.delete(client);
  };
  const admit = (socket: Socket) => {
    const client = clientAddress(socket);
    const held = byClient.get(client)?.size ?? 0;
    if (held >= limits.maxConnectionsPerClient) return false;
    if (open >= limits.maxConnections) {
      const [busiest, theirs] = largest(byClient);
      if (theirs.size <= held + 1) return false;
      const oldest = theirs.values().next().value as Socket;
      release(busiest, oldest);
      oldest.destroy();
    }
    open++;
    let mine = byClient.get(client);
    if (!mine) byClient.set(client, (mine = new Set()));
    mine.add(socket);
    socket.once('close', () => release(client, socket));
    return true;
  };
  return (server) => {
    server.maxConnections = limits.maxConnections * 2;
    server.prependListener('connection', (socket: Socket) => {
      if (!admit(socket)) refuse(socket);
    });
  };
}

/** The address holding the most connections (the first such on a tie). */
function largest(byClient: Map<string, Set<Socket>>): [string, Set<Socket>] {
  let found: [string, Set<Socket>] = ['', new Set()];
  for (const entry of byClient) if (entry[1].size > found[1].size) found = entry;
  return found;
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
