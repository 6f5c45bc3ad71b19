import { once } from 'node:events';
import { createServer } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../support/fake-io.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the keep-alive connection of a one-shot command', () => {
  // Left open, the idle connection would live on for the dispatcher's 4 s keep-alive, past this test's 3 s bound.
  it('is closed when the command is done, so the process can end at once', { timeout: 3_000 }, async () => {
    const raw = server.url;
    // Watch the server side of the connection: it must see the client hang up.
    const sockets: Socket[] = [];
    const proxy = createServer((req, res) => {
      sockets.push(req.socket);
      fetch(raw + req.url, { headers: req.headers as Record<string, string> })
        .then(async (r) => {
          res.writeHead(r.status, { 'content-type': 'application/json', 'keep-alive': 'timeout=30' });
          res.end(await r.text());
        })
        .catch(() => res.destroy());
    });
    proxy.keepAliveTimeout = 30_000;
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const port = (proxy.address() as { port: number }).port;
    try {
      const { code } = await runMain(`http://127.0.0.1:${port}`, ['portal', 'get', '--json']);
      expect(code).toBe(0);
      expect(sockets).toHaveLength(1);
      if (!sockets[0].destroyed) await once(sockets[0], 'close');
      expect(sockets[0].destroyed).toBe(true);
    } finally {
      proxy.closeAllConnections();
      await new Promise((r) => proxy.close(r));
    }
  });
});
