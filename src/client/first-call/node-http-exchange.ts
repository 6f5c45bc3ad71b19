import {
  Agent,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type RequestOptions,
} from 'node:http';
import { TOO_LARGE_CODE } from '../response-cap.js';
import { closeWhenDone } from '../shared-dispatcher.js';

/**
 * One HTTP exchange on Node's own `node:http`, for a request whose JSON answer is read
 * whole (ApiClient.call). Loading undici is a large part of a one-shot command's time (its
 * HTTP/2 client among it); node:http is already part of Node. The client keeps undici for
 * proxies, streamed bodies, callers that pass their own dispatcher, every later call, and
 * `FP_HTTP_TRANSPORT=undici`. This folder stays only while the benchmark row
 * "`fp categories list --json`, undici only" (bench/run.mjs, bench/results.md) shows the
 * one-shot command above 1.8× `node -e 0` without it.
 *
 * Failures carry the codes and messages undici gives for the same events, so that
 * retries (retry-policy.ts), error texts (network-error.ts) and --debug lines are the same
 * whichever way a request went.
 */
export interface NodeHttpAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: NodeHttpBody;
}

/** The part of undici's response body that readers of a JSON answer use. */
export interface NodeHttpBody {
  /** The whole body as UTF-8 text (a leading byte order mark dropped, as undici does). */
  text(): Promise<string>;
  /** Read and discard the body. */
  dump(): Promise<void>;
  once(event: 'close', listener: () => void): unknown;
}

export interface NodeHttpRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
  /** undici's connect timeout: the connection must be open within this time. */
  connectTimeoutMs: number;
  /** The body is read no further than this: past it the connection is closed and `text()` fails with TOO_LARGE_CODE. */
  maxBodyBytes?: number;
}

/** The proxy undici's EnvHttpProxyAgent would use, read the way it reads it; undefined when none. */
export function proxyFromEnv(env: Record<string, string | undefined>): string | undefined {
  return (env.http_proxy ?? env.HTTP_PROXY) || (env.https_proxy ?? env.HTTPS_PROXY) || undefined;
}

const failure = (code: string, message: string) => Object.assign(new Error(message), { code });
/** What undici reports when the server closes the connection before the answer is complete. */
const closedByServer = () => failure('UND_ERR_SOCKET', 'other side closed');

/** undici's keep-alive time for an idle connection (a shorter `Keep-Alive: timeout` of the server wins). */
const KEEP_ALIVE_MS = 4_000;
const agents = new Map<string, Agent>();

/** One keep-alive pool per protocol, as undici's agent keeps one per origin; closed when the command is done. */
async function agentFor(protocol: string): Promise<Agent> {
  let agent = agents.get(protocol);
  if (!agent) {
    const options = { keepAlive: true, timeout: KEEP_ALIVE_MS };
    agent = protocol === 'https:' ? new (await import('node:https')).Agent(options) : new Agent(options);
    agents.set(protocol, agent);
    const made = agent;
    closeWhenDone(() => {
      agents.delete(protocol);
      made.destroy();
    });
  }
  return agent;
}

export async function nodeHttpExchange(url: URL, req: NodeHttpRequest): Promise<NodeHttpAnswer> {
  const request = url.protocol === 'https:' ? (await import('node:https')).request : httpRequest;
  const options: RequestOptions = {
    method: req.method,
    headers:
      req.body === undefined ? req.headers : { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) },
    agent: await agentFor(url.protocol),
    signal: req.signal,
  };
  return new Promise<NodeHttpAnswer>((resolve, reject) => {
    const outgoing = request(url, options);
    let answered = false;
    const connectTimer = setTimeout(
      () => outgoing.destroy(failure('UND_ERR_CONNECT_TIMEOUT', 'Connect Timeout Error')),
      req.connectTimeoutMs,
    );
    outgoing.once('socket', (socket) => {
      if (!socket.connecting) clearTimeout(connectTimer);
      else socket.once('connect', () => clearTimeout(connectTimer));
    });
    outgoing.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(connectTimer);
      if (answered) return;
      // node:http says "socket hang up" (ECONNRESET) where undici says the other side closed.
      reject(err.code === 'ECONNRESET' && err.message === 'socket hang up' ? closedByServer() : err);
    });
    outgoing.once('response', (res) => {
      answered = true;
      clearTimeout(connectTimer);
      resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: bodyOf(res, req.maxBodyBytes) });
    });
    outgoing.end(req.body);
  });
}

/**
 * The body, read as it arrives: a refused answer may wait unread while a retry is decided,
 * and a connection closing meanwhile must end up as this body's error, not an unhandled one.
 */
function bodyOf(res: IncomingMessage, maxBytes = Infinity): NodeHttpBody {
  const bytes = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      chunks.length = 0;
      res.destroy();
      reject(failure(TOO_LARGE_CODE, `the answer is larger than ${maxBytes} bytes`));
    });
    res.once('end', () => resolve(Buffer.concat(chunks)));
    res.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'ECONNRESET' ? closedByServer() : err));
  });
  bytes.catch(() => {}); // the failure is the reader's (text or dump), not an unhandled rejection
  return {
    async text() {
      const b = await bytes;
      const bom = b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf;
      return b.toString('utf8', bom ? 3 : 0);
    },
    async dump() {
      await bytes;
    },
    once(event, listener) {
      if (res.closed) queueMicrotask(listener);
      else res.once(event, listener);
      return this;
    },
  };
}
