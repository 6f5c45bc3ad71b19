import { Client, StreamableHTTPClientTransport, type ClientOptions } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { served } from './support/tool-endpoints.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { accessToken } from './support/access-token.js';

// One tool per operation of the table; route forms (aliasOf) are served by their operation's tool.

/** /mcp answers each protocol revision through the SDK's own support; the stdio side is in test/acceptance/mcp-stdio.test.ts. */
let server: TestServer;
let token: string;
const clients: Client[] = [];

beforeAll(async () => {
  server = await startTestServer();
  token = await accessToken(server);
});
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await server.close();
});

export const PINNED: Record<string, ClientOptions> = {
  '2025-06-18': { supportedProtocolVersions: ['2025-06-18'] },
  '2025-11-25': { supportedProtocolVersions: ['2025-11-25'] },
  '2026-07-28': { versionNegotiation: { mode: { pin: '2026-07-28' } } },
};

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** One raw JSON-RPC request of the 2026-07-28 revision: no session, no initialize, the envelope in `_meta`. */
async function raw(method: string, params: Record<string, unknown> = {}, version = '2026-07-28') {
  // The revision's routing headers mirror the body: the method, and for a call the tool's name.
  const name: Record<string, string> = typeof params.name === 'string' ? { 'mcp-name': params.name } : {};
  const res = await server.request('POST', '/mcp', {
    token,
    body: {
      jsonrpc: '2.0',
      id: 7,
      method,
      params: { ...params, _meta: { ...ENVELOPE, 'io.modelcontextprotocol/protocolVersion': version } },
    },
    headers: {
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': version,
      'mcp-method': method,
      ...name,
    },
  });
  return { status: res.status, body: res.body };
}

describe('D-MCP-REVISIONS /mcp answers 2025-06-18, 2025-11-25 and 2026-07-28 through the SDK', () => {
  it.each(Object.keys(PINNED))(
    'the SDK client pinned to %s lists the tools in order and calls one',
    async (revision) => {
      const client = new Client({ name: 'pinned', version: '1' }, PINNED[revision]);
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      );
      clients.push(client);
      expect(client.getNegotiatedProtocolVersion()).toBe(revision);
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(served.map((e) => e.name));
      const portal = await client.callTool({ name: 'portal.get', arguments: {} });
      expect((portal.structuredContent as { data: { title: string } }).data.title).toBe('Test Portal');
      expect(client.getInstructions()).toContain('Untrusted text:');
    },
  );

  it('2026-07-28 raw: server/discover without initialize names the versions, capabilities and identity', async () => {
    const { status, body } = await raw('server/discover');
    expect(status).toBe(200);
    expect(body.result).toMatchObject({
      resultType: 'complete',
      supportedVersions: ['2026-07-28'],
      capabilities: { tools: {}, resources: {} },
      ttlMs: 300_000,
      cacheScope: 'private',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'fp', title: 'Feedback portal' } },
    });
    expect(body.result.instructions).toContain('Untrusted text:');
  });

  it('2026-07-28 raw: tools/list without initialize, resultType, ttlMs and cacheScope, the table order every time', async () => {
    const first = await raw('tools/list');
    expect(first.body.result).toMatchObject({ resultType: 'complete', ttlMs: 300_000, cacheScope: 'private' });
    const names = first.body.result.tools.map((t: { name: string }) => t.name);
    expect(names).toEqual(served.map((e) => e.name));
    expect((await raw('tools/list')).body.result.tools.map((t: { name: string }) => t.name)).toEqual(names);
    const call = await raw('tools/call', { name: 'categories.list', arguments: {} });
    expect(call.body.result).toMatchObject({ resultType: 'complete', structuredContent: { data: expect.any(Array) } });
  });

  it('2026-07-28 raw: an unknown revision is -32022 naming the supported ones', async () => {
    const { status, body } = await raw('tools/list', {}, '2099-01-01');
    expect(status).toBe(400);
    expect(body).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: {
        code: -32022,
        message: 'Unsupported protocol version: 2099-01-01',
        data: { supported: ['2026-07-28'], requested: '2099-01-01' },
      },
    });
  });
});
