import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as firstCall from '../../src/client/first-call/exchange-via-node-http.js';

const viaNodeHttp = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../../src/client/first-call/exchange-via-node-http.js', async (importOriginal) => {
  const original = await importOriginal<typeof firstCall>();
  return {
    exchangeViaNodeHttp: (...args: Parameters<typeof original.exchangeViaNodeHttp>) => {
      viaNodeHttp.calls++;
      return original.exchangeViaNodeHttp(...args);
    },
  };
});

const { ApiClient } = await import('../../src/client/api-client.js');
const { closeSharedDispatcher } = await import('../../src/client/shared-dispatcher.js');

let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ data: [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await closeSharedDispatcher();
  await new Promise((resolve) => server.close(resolve));
});

async function twoCalls(): Promise<number> {
  viaNodeHttp.calls = 0;
  const c = new ApiClient({ baseUrl: url, apiKey: 'k' });
  await c.call('categories.list', {});
  await c.call('categories.list', {});
  return viaNodeHttp.calls;
}

describe("a client's first call", () => {
  it('goes through node:http; later calls through undici', async () => {
    expect(await twoCalls()).toBe(1);
  });

  it('FP_HTTP_TRANSPORT=undici sends it through undici too', async () => {
    process.env.FP_HTTP_TRANSPORT = 'undici';
    try {
      expect(await twoCalls()).toBe(0);
    } finally {
      delete process.env.FP_HTTP_TRANSPORT;
    }
  });
});
