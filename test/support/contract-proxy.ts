import { appendFileSync } from 'node:fs';
import { request as httpRequest, createServer, Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describedByDocument, sharedContractValidator, type Exchange } from './contract-validator.js';

/** Bodies are kept for checking up to this size; larger ones stream through unchecked. */
const KEEP_BYTES = 4 * 1024 * 1024;

export interface ContractTally {
  requests: number;
  requestsConforming: number;
  responses: number;
  violations: string[];
}

export interface ContractProxy {
  url: string;
  tally: ContractTally;
  /** Waits for the checks of the exchanges so far, stops listening, and returns the tally. */
  close(): Promise<ContractTally>;
}

/** Where each proxy adds its tally, for the totals at the end of the run (see test/global-setup.ts). */
export const tallyFile = () => join(process.env.TMPDIR ?? '/tmp', 'fp-contract-tally.ndjson');

/** Adds one server's tally to the run's totals. */
export function recordTally(tally: ContractTally): void {
  appendFileSync(tallyFile(), `${JSON.stringify({ ...tally, violations: tally.violations.length })}\n`);
}

/**
 * A reverse proxy on 127.0.0.1 port 0 (and 127.0.0.2 on the same port) in front of `upstream` that passes every byte
 * through unchanged and checks each exchange under /api/ against the OpenAPI
 * document; the rest (`/__reference/*`, `/mcp`, OAuth) passes through unchecked.
 */
export async function startContractProxy(upstream: string): Promise<ContractProxy> {
  const target = new URL(upstream);
  const validator = sharedContractValidator();
  // A connection of its own for each request: a pooled one can be closed by the server's
  // keep-alive timeout at the moment it is reused, and the request would fail for the proxy's sake.
  const agent = new Agent({ keepAlive: false });
  const tally: ContractTally = { requests: 0, requestsConforming: 0, responses: 0, violations: [] };
  const pending = new Set<Promise<void>>();

  function record(ex: Exchange) {
    const job = validator.validate(ex).then((verdict) => {
      tally.requests += 1;
      tally.responses += 1;
      if (verdict.requestValid) tally.requestsConforming += 1;
      for (const v of verdict.violations)
        tally.violations.push(`${ex.method} ${ex.target} → ${ex.status} (${verdict.operation}): ${v}`);
    });
    pending.add(job);
    void job.finally(() => pending.delete(job));
  }

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const checked = describedByDocument(req.url ?? '/');
    const requestBody = keep();
    const upstreamReq = httpRequest({
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: req.headers,
      agent,
    });
    req.on('data', (chunk: Buffer) => requestBody.add(chunk));
    req.pipe(upstreamReq);
    upstreamReq.on('error', () => {
      // The server dropped the connection: drop the client's too, as the server did.
      req.unpipe(upstreamReq);
      res.destroy();
    });
    upstreamReq.on('response', (upstreamRes) => {
      res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.rawHeaders);
      const responseBody = keep();
      upstreamRes.on('data', (chunk: Buffer) => responseBody.add(chunk));
      upstreamRes.pipe(res);
      upstreamRes.on('end', () => {
        if (!checked) return;
        record({
          method: req.method ?? 'GET',
          target: req.url ?? '/',
          requestHeaders: req.headers,
          requestBody: requestBody.buffer(),
          requestTruncated: requestBody.truncated || !req.complete,
          status: upstreamRes.statusCode ?? 0,
          responseHeaders: upstreamRes.headers,
          responseBody: responseBody.buffer(),
          responseTruncated: responseBody.truncated,
        });
      });
      upstreamRes.on('error', () => res.destroy());
    });
    res.on('close', () => {
      if (!res.writableFinished) upstreamReq.destroy();
    });
  };
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  // fp server also answers on 127.0.0.2 (another portal by Host); so does its proxy, on the same port.
  const second = createServer(handle);
  await new Promise<void>((resolve) => {
    second.once('error', () => resolve());
    second.listen(port, '127.0.0.2', resolve);
  });

  return {
    url,
    tally,
    async close() {
      for (const s of [server, second]) {
        if (!s.listening) continue;
        await new Promise<void>((resolve) => {
          s.close(() => resolve());
          s.closeAllConnections();
        });
      }
      agent.destroy();
      await Promise.all([...pending]);
      recordTally(tally);
      return tally;
    },
  };
}

function keep() {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  return {
    add(chunk: Buffer) {
      if (truncated) return;
      if (size + chunk.length > KEEP_BYTES) {
        truncated = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
    },
    buffer: () => Buffer.concat(chunks),
    get truncated() {
      return truncated;
    },
  };
}
