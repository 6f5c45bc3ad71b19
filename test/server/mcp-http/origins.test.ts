import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllowedOrigins } from '../../../src/server/mcp-http/origins.js';
import { accessToken } from '../../mcp/support/access-token.js';
import { runFp } from '../../support/run-fp.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

let server: TestServer;
let token: string;
let port: string;

const APP = 'https://app.example.com';

beforeAll(async () => {
  server = await startTestServer(undefined, {}, { allowedOrigins: [APP] });
  token = await accessToken(server);
  port = new URL(server.url).port;
});
afterAll(() => server.close());

const initialize = (headers: Record<string, string>, auth: string | null = token) =>
  server.request('POST', '/mcp', {
    token: auth,
    headers: { accept: 'application/json, text/event-stream', ...headers },
    body: {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    },
  });

describe('D-MCP-ORIGINS the loopback names at the same port are /mcp’s own origin', () => {
  it('accepts localhost, 127.0.0.1 and [::1] at the server’s port, with the CORS headers', async () => {
    for (const origin of [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`]) {
      const res = await initialize({ origin });
      expect(res.status, origin).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-expose-headers')).toBe('mcp-session-id, www-authenticate');
      expect(res.headers.get('vary')).toBe('Origin');
    }
  });

  it('refuses another port, another scheme, a foreign name and the null origin (403), as before', async () => {
    const other = String(Number(port) === 65535 ? 1 : Number(port) + 1);
    for (const origin of [
      `http://localhost:${other}`,
      `https://localhost:${port}`,
      'https://evil.example',
      `http://evil.example:${port}`,
      'null',
    ]) {
      const res = await initialize({ origin });
      expect(res.status, origin).toBe(403);
      expect(res.body).toEqual({ message: `Requests from ${origin} are not allowed.` });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('a foreign origin is refused before the token is asked for; an unknown Host is still 421', async () => {
    expect((await initialize({ origin: 'https://evil.example' }, null)).status).toBe(403);
    const rebound = await server.request('POST', '/mcp', {
      token,
      host: `evil.example:${port}`,
      headers: { origin: `http://evil.example:${port}`, accept: 'application/json, text/event-stream' },
      body: {},
    });
    expect(rebound.status).toBe(421);
  });

  it('--allowed-origins adds an origin: its requests are answered with CORS headers, its 401 too', async () => {
    const ok = await initialize({ origin: APP });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(APP);
    const unauthorized = await initialize({ origin: APP }, null);
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('access-control-allow-origin')).toBe(APP);
    expect(unauthorized.headers.get('access-control-expose-headers')).toBe('mcp-session-id, www-authenticate');
    expect(unauthorized.headers.get('www-authenticate')).toMatch(/^Bearer resource_metadata=/);
  });
});

describe('D-MCP-ORIGINS OPTIONS /mcp answers the CORS preflight of allowed origins', () => {
  const preflight = (origin?: string) =>
    server.request('OPTIONS', '/mcp', {
      token: null,
      headers: {
        ...(origin ? { origin } : {}),
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, mcp-protocol-version',
      },
    });

  it('allows the MCP methods and headers for an allowed origin', async () => {
    for (const origin of [APP, `http://localhost:${port}`]) {
      const res = await preflight(origin);
      expect(res.status, origin).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, DELETE');
      const allowed = res.headers.get('access-control-allow-headers')!.split(', ');
      for (const header of ['authorization', 'content-type', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id'])
        expect(allowed).toContain(header);
      expect(res.headers.get('access-control-max-age')).toBe('600');
    }
  });

  it('refuses a foreign origin’s preflight (403); a plain OPTIONS names the methods', async () => {
    const foreign = await preflight('https://evil.example');
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const plain = await preflight();
    expect(plain.status).toBe(204);
    expect(plain.headers.get('allow')).toBe('GET, POST, DELETE, OPTIONS');
  });
});

describe('fp server --allowed-origins', () => {
  it('takes origins as the URL standard writes them, and refuses anything else', async () => {
    expect(parseAllowedOrigins(' https://App.Example.com , http://localhost:5173/')).toEqual([
      'https://app.example.com',
      'http://localhost:5173',
    ]);
    for (const bad of ['app.example.com', 'https://a.example/path', 'ftp://a.example', 'https://a.example?x', ','])
      expect(() => parseAllowedOrigins(bad), bad).toThrow();
  });

  it('a value that is not an origin is a usage error (exit 2) before the server starts', async () => {
    const r = await runFp(['server', '--port', '0', '--allowed-origins', 'app.example.com']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      "option '--allowed-origins <list>' argument 'app.example.com' is invalid. app.example.com is not an origin (write scheme://host[:port], e.g. https://app.example.com).",
    );
  });
});
