import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HostMappingProxy {
  url: string;
  close(): Promise<void>;
}

/**
 * The small proxy docs/mcp.md describes for the conformance suite, whose `server`
 * command takes a URL and nothing else: it adds a bearer token, and maps its own
 * loopback Host (`127.0.0.1:PORT`, `localhost:PORT`) to the server's; any other Host
 * (the rebinding scenario's `evil.example.com`) and every other header, Origin
 * included, reach the server as sent. It listens on 127.0.0.1 at the server's own port
 * number, the server being on another loopback address.
 */
export async function startHostMappingProxy(upstream: URL, token: string): Promise<HostMappingProxy> {
  const port = Number(upstream.port);
  const own = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const server: Server = createServer((req, res) => {
    const headers = { ...req.headers, authorization: `Bearer ${token}` };
    if (own.has(String(req.headers.host))) headers.host = upstream.host;
    const forward = request({ host: upstream.hostname, port, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
