import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Tampering {
  /** Paths (without the query) answered `404 {"message": "The route … could not be found."}`, as a portal without them. */
  notOffered?: readonly string[];
  /** Paths answered 500. */
  broken?: readonly string[];
  /** Changes a JSON answer before it goes on; return the new body. */
  rewrite?: (path: string, body: any) => unknown;
}

export interface TamperingProxy {
  url: string;
  close(): Promise<void>;
}

/**
 * A proxy on 127.0.0.1 between `fp` and a reference server that changes answers: routes a
 * portal does not offer, and JSON bodies rewritten (a field added, a type changed).
 */
export async function startTamperingProxy(upstream: string, tampering: Tampering): Promise<TamperingProxy> {
  const target = new URL(upstream);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    if (tampering.notOffered?.includes(path)) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `The route ${path.slice(1)} could not be found.` }));
      return;
    }
    if (tampering.broken?.includes(path)) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Server Error' }));
      return;
    }
    const headers = { ...req.headers, host: target.host, 'accept-encoding': 'identity' };
    const upstreamReq = httpRequest({
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers,
    });
    req.pipe(upstreamReq);
    upstreamReq.on('error', () => res.destroy());
    upstreamReq.on('response', (upstreamRes) => {
      const chunks: Buffer[] = [];
      upstreamRes.on('data', (c: Buffer) => chunks.push(c));
      upstreamRes.on('end', () => {
        let body = Buffer.concat(chunks);
        const json = /json/.test(String(upstreamRes.headers['content-type'])) && body.length > 0;
        if (json && tampering.rewrite)
          body = Buffer.from(JSON.stringify(tampering.rewrite(path, JSON.parse(body.toString('utf8')))));
        const out = { ...upstreamRes.headers, 'content-length': String(body.length) };
        delete out['transfer-encoding'];
        res.writeHead(upstreamRes.statusCode ?? 502, out);
        res.end(body);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
