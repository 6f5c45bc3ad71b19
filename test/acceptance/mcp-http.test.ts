import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { served, toolEndpoints } from '../mcp/support/tool-endpoints.js';
import { ADMIN_KEY, OTHER_KEY } from '../support/fixture-seed.js';
import { startFpServer, type FpServer } from '../support/run-fp.js';
import { approveInBrowser, dispatcherVia, fetchVia, TestOAuthProvider } from '../mcp/oauth-browser.js';

let server: FpServer;
let portalB: string;
const clients: Client[] = [];

beforeAll(async () => {
  server = await startFpServer();
  // The fixture's second portal is other.localhost, answering on 127.0.0.2 (fp server listens there too).
  portalB = server.url.replace('127.0.0.1', 'other.localhost');
});
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await server.stop();
  await toB.close();
});

/** Portal B by its name `other.localhost`, reached on 127.0.0.2 (where fp server listens for it). */
const toB = dispatcherVia('127.0.0.2');
const viaB = fetchVia(toB);

async function connect(base: string, provider: TestOAuthProvider, query = ''): Promise<Client> {
  const client = new Client({ name: 'fp-test-agent', version: '1.0.0' });
  const fetch = base === portalB ? viaB : undefined;
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp${query}`), { authProvider: provider, fetch }),
  );
  clients.push(client);
  return client;
}

/** Everything an agent does the first time: 401, discovery, registration, consent, code exchange. */
async function authorize(base: string, apiKey: string): Promise<TestOAuthProvider> {
  const provider = new TestOAuthProvider();
  const fetch = base === portalB ? viaB : undefined;
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: provider, fetch });
  const first = new Client({ name: 'fp-test-agent', version: '1.0.0' });
  await expect(first.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
  const callback = await approveInBrowser(provider.authorizationUrl!, base, apiKey, base === portalB ? toB : undefined);
  await transport.finishAuth(callback.searchParams);
  await first.close().catch(() => {});
  return provider;
}

describe('fp server /mcp through the MCP SDK client and its OAuth flow', () => {
  let provider: TestOAuthProvider;

  it('R-MCP-METADATA R-MCP-OAUTH discovers, registers, authorizes with PKCE and gets tokens', async () => {
    provider = await authorize(server.url, ADMIN_KEY);
    expect(provider.client?.client_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const url = provider.authorizationUrl!;
    expect(`${url.origin}${url.pathname}`).toBe(`${server.url}/oauth/authorize`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('resource')).toBe(`${server.url}/mcp`);
    expect(provider.saved).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'mcp' });
    expect(provider.saved?.refresh_token).toBeTruthy();
  });

  it('R-MCP-ENDPOINT lists every tool and calls a read and a write tool with the token', async () => {
    const client = await connect(server.url, provider);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(served.map((e) => e.name));
    const portal = await client.callTool({ name: 'portal.get', arguments: {} });
    expect((portal.structuredContent as { data: { title: string } }).data.title).toBe('Test Portal');
    const created = await client.callTool({ name: 'groups.create', arguments: { name: 'Agents' } });
    expect(created.isError).toBeFalsy();
    const listed = await server.fp(['groups', 'list', '--json']);
    expect(listed.json.map((g: { name: string }) => g.name)).toContain('Agents');
    const refused = await client.callTool({ name: 'groups.create', arguments: { name: 'Agents' } });
    expect(refused).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'The given data was invalid. (422)\nname: The name has already been taken.' }],
    });
  });

  it('D-MCP-TOOLSETS toolsets through ?toolsets= and the X-MCP-Toolsets header', async () => {
    const byQuery = await connect(server.url, provider, '?toolsets=moderation,kb');
    expect((await byQuery.listTools()).tools.map((t) => t.name)).toEqual(
      toolEndpoints.filter((e) => /^(moderation|knowledgebase)\./.test(e.name)).map((e) => e.name),
    );
    const headerClient = new Client({ name: 'fp-test-agent', version: '1.0.0' });
    await headerClient.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        authProvider: provider,
        requestInit: { headers: { 'X-MCP-Toolsets': 'portal' } },
      }),
    );
    clients.push(headerClient);
    expect((await headerClient.listTools()).tools.map((t) => t.name)).toEqual(['portal.get']);
  });

  it('R-MCP-OAUTH refreshes a refused access token with the refresh token, which rotates', async () => {
    const before = provider.saved!;
    provider.saved = { ...before, access_token: 'no-longer-valid' };
    const client = await connect(server.url, provider);
    const result = await client.callTool({ name: 'categories.list', arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(provider.saved.access_token).not.toBe('no-longer-valid');
    expect(provider.saved.refresh_token).not.toBe(before.refresh_token);

    // The spent refresh token is refused: RFC 6749 body.
    const replay = await request(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: before.refresh_token!,
        client_id: provider.client!.client_id,
      }).toString(),
    });
    expect(replay.statusCode).toBe(400);
    expect(await replay.body.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'The refresh token was already used; every token of this authorization is revoked.',
    });
  });

  it('D-OAUTH-PER-PORTAL a token of portal A is refused at portal B (401, invalid_token)', async () => {
    const tokenA = (await authorize(server.url, ADMIN_KEY)).saved!.access_token;
    const atB = portalB.replace('other.localhost', '127.0.0.2');
    const res = await request(`${atB}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tokenA}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe(
      `Bearer error="invalid_token", error_description="The access token belongs to another portal.", resource_metadata="${atB}/.well-known/oauth-protected-resource"`,
    );
    expect(await res.body.json()).toEqual({
      error: 'invalid_token',
      error_description: 'The access token belongs to another portal.',
    });

    // Portal B's own administrator gets B's tools acting on B.
    const providerB = await authorize(portalB, OTHER_KEY);
    const clientB = await connect(portalB, providerB);
    const portal = await clientB.callTool({ name: 'portal.get', arguments: {} });
    expect((portal.structuredContent as { data: { title: string } }).data.title).toBe('Other Portal');
  });
});
