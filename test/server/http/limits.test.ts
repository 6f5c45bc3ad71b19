import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../src/server/app/create-app.js';
import { MAX_JSON_DEPTH } from '../../../src/server/http/read-body.js';
import { SERVER_LIMITS, type ServerLimits } from '../../../src/server/http/server-limits.js';
import { loadSeed } from '../../../src/server/store/seeding/load-seed.js';
import { Store } from '../../../src/server/store/store.js';
import { ADMIN_KEY, fixtureSeed } from '../../support/fixture-seed.js';
import { firstAnswer, rawExchange } from '../../support/raw-http.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const nested = (depth: number) => `{"name":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
const auth = { authorization: `Bearer ${ADMIN_KEY}` };

async function post(path: string, body: string, headers: Record<string, string>) {
  const res = await request(server.url + path, { method: 'POST', headers, body });
  return { status: res.statusCode, body: (await res.body.json()) as any };
}

describe('D-HTTP-LIMITS JSON nesting is bounded before the body is parsed', () => {
  it(`${MAX_JSON_DEPTH} levels are read as usual; one more is 400`, async () => {
    const json = { ...auth, 'content-type': 'application/json' };
    const atLimit = await post('/api/v1/categories', nested(MAX_JSON_DEPTH), json);
    expect(atLimit.status).toBe(422);
    const over = await post('/api/v1/categories', nested(MAX_JSON_DEPTH + 1), json);
    expect(over).toEqual({
      status: 400,
      body: { message: 'The request body must not nest arrays and objects deeper than 64 levels.' },
    });
  });

  it('100,000 levels on the API and 8,000 at /oauth/register (within its 16 KiB) are 400, not 500', async () => {
    const api = await post('/api/v1/groups', nested(100_000), { ...auth, 'content-type': 'application/json' });
    expect(api.status).toBe(400);
    const register = await post('/oauth/register', nested(8_000), { 'content-type': 'application/json' });
    expect(register.status).toBe(400);
    expect(register.body.error).toBe('invalid_client_metadata');
  });

  it('brackets inside strings do not count', async () => {
    const name = '['.repeat(40) + '{'.repeat(40);
    const res = await post('/api/v1/categories', JSON.stringify({ name }), {
      ...auth,
      'content-type': 'application/json',
    });
    expect(res.status).toBe(422); // too long a name, read as a string
  });
});

describe('D-HTTP-LIMITS every body is checked against its cap before it is read', () => {
  // Only the headers are sent: the answer has to come without the body.
  const headersOnly = (path: string, type: string, length: number) =>
    firstAnswer(
      server.url,
      `POST ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${ADMIN_KEY}\r\n` +
        `Content-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n`,
    );

  it.each([
    ['/api/v1/groups', 'application/json', 1024 * 1024 + 1],
    ['/oauth/register', 'application/json', 20 * 1024],
    ['/oauth/token', 'application/x-www-form-urlencoded', 20 * 1024],
    ['/api/v1/knowledgebase/sync/preview', 'multipart/form-data; boundary=x', 200 * 1024 * 1024],
  ])('POST %s declaring more than its cap is 413 before a byte of the body is sent', async (path, type, length) => {
    const res = await headersOnly(path, type, length);
    expect(res.status).toBe(413);
    expect(res.text).not.toContain('Server Error');
  });

  it('/oauth/register with a 20 KB body is 413 invalid_client_metadata (declared or chunked), not 500', async () => {
    const body = JSON.stringify({ redirect_uris: ['http://127.0.0.1/cb'], client_name: 'x'.repeat(20_000) });
    const declared = await post('/oauth/register', body, { 'content-type': 'application/json' });
    expect(declared).toEqual({
      status: 413,
      body: {
        error: 'invalid_client_metadata',
        error_description: 'The request body must not be larger than 16384 bytes.',
      },
    });
    const res = await request(`${server.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Readable.from([Buffer.from(body.slice(0, 10_000)), Buffer.from(body.slice(10_000))]),
    });
    expect(res.statusCode).toBe(413);
    expect(((await res.body.json()) as { error: string }).error).toBe('invalid_client_metadata');
  });

  it('after a refused body the keep-alive connection serves the next request', async () => {
    const agent = new Agent({ connections: 1 });
    const big = JSON.stringify({ redirect_uris: ['http://127.0.0.1/cb'], client_name: 'x'.repeat(20_000) });
    const first = await request(`${server.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
      dispatcher: agent,
    });
    await first.body.text();
    const second = await request(`${server.url}/api/v1/portal`, { headers: auth, dispatcher: agent });
    await second.body.text();
    expect([first.statusCode, second.statusCode]).toEqual([413, 200]);
    await agent.close();
  });
});

/** The app on 127.0.0.1 with limits small enough to reach in a test. */
async function limitedApp(limits: Partial<ServerLimits>): Promise<{ app: Server; url: string; port: number }> {
  const app = createApp({ store: new Store(loadSeed(fixtureSeed())), limits, logError: () => {} });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  const { port } = app.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, port };
}

const closeApp = (app: Server) =>
  new Promise<void>((resolve) => {
    app.close(() => resolve());
    app.closeAllConnections();
  });

describe('D-HTTP-LIMITS deadlines', () => {
  it('the server expects headers within 10 s and the whole request within 120 s', async () => {
    const { app } = await limitedApp({});
    expect([app.headersTimeout, app.requestTimeout]).toEqual([10_000, 120_000]);
    expect(SERVER_LIMITS).toMatchObject({ headersTimeoutMs: 10_000, requestTimeoutMs: 120_000 });
    await closeApp(app);
  });

  it('headers that never end, and a body that never ends, are answered 408 with a JSON message', async () => {
    const { app, url } = await limitedApp({ headersTimeoutMs: 200, requestTimeoutMs: 400 });
    const slowHeaders = await rawExchange(url, 'GET /api/v1/portal HTTP/1.1\r\nHost: localhost\r\n');
    expect(slowHeaders.status).toBe(408);
    expect(slowHeaders.body).toEqual({ message: 'The request did not arrive in time.' });
    const slowBody = await rawExchange(
      url,
      `POST /api/v1/groups HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${ADMIN_KEY}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na',
    );
    expect(slowBody.text).toMatch(/^HTTP\/1\.1 408 /);
    await closeApp(app);
  });
});

describe('D-HTTP-LIMITS open connections are capped', () => {
  /** A keep-alive connection that has been served once (so the server counts it). */
  async function servedConnection(port: number, localAddress = '127.0.0.1') {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    socket.on('error', () => {});
    let text = '';
    socket.on('data', (d) => (text += d.toString('latin1')));
    const ask = async () => {
      const before = text.length;
      socket.write(`GET /api/v1/portal HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${ADMIN_KEY}\r\n\r\n`);
      await vi.waitFor(() => expect(text.slice(before)).toMatch(/\r\n\r\n\{.*\}$/s));
      return text.slice(before).split(' ')[1];
    };
    expect(await ask()).toBe('200');
    return { socket, ask };
  }

  it('one connection over the cap is answered 503 with Retry-After and closed; the others go on', async () => {
    const { app, url, port } = await limitedApp({ maxConnections: 3 });
    const open = [await servedConnection(port), await servedConnection(port), await servedConnection(port)];
    const refused = await rawExchange(url, 'GET /api/v1/portal HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.body.message).toBe('The server has too many open connections. Try again shortly.');
    expect(await open[0].ask()).toBe('200');

    open[2].socket.destroy();
    await vi.waitFor(async () => {
      const count = await new Promise<number>((resolve) => app.getConnections((_e, n) => resolve(n)));
      expect(count).toBe(2);
    });
    expect(await (await servedConnection(port)).ask()).toBe('200');
    await closeApp(app);
  });

  it('one client address cannot take every connection: its one too many is 503, another client is served', async () => {
    const { app, url, port } = await limitedApp({ maxConnections: 10, maxConnectionsPerClient: 2 });
    await servedConnection(port);
    await servedConnection(port);
    const refused = await rawExchange(url, 'GET /api/v1/portal HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(refused.status).toBe(503);
    expect(await (await servedConnection(port, '127.0.0.2')).ask()).toBe('200');
    await closeApp(app);
  });
});
