import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/client/api-client.js';
import { closeSharedDispatcher } from '../../src/client/shared-dispatcher.js';

// A client's first call() may take node:http, but never past a proxy the environment
// names: with HTTP_PROXY / HTTPS_PROXY it goes through undici's EnvHttpProxyAgent, NO_PROXY included.

let portal: Server;
let proxy: Server;
let portalUrl: string;
let proxyUrl: string;
let tunnels: string[] = [];
const portalSeen: string[] = [];
const PORTAL = {
  guid: 'g',
  title: 'T',
  localization: 'en',
  editor_type: 'markdown',
  jira_enabled: false,
  jira_sync_status: false,
  linear_enabled: false,
  jira_domain: null,
};

beforeAll(async () => {
  portal = createServer((req, res) => {
    portalSeen.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ data: PORTAL }));
  });
  // A tunnelling proxy (CONNECT), as undici's ProxyAgent uses one.
  proxy = createServer((_req, res) => res.writeHead(405).end());
  proxy.on('connect', (req, socket, head) => {
    tunnels.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  for (const s of [portal, proxy]) await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  portalUrl = `http://127.0.0.1:${(portal.address() as AddressInfo).port}`;
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of [portal, proxy]) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

const saved = { ...process.env };
afterEach(async () => {
  for (const name of ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy']) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  // the dispatcher reads the environment when it is made
  await closeSharedDispatcher();
  tunnels = [];
  portalSeen.length = 0;
});

const title = async () =>
  (await new ApiClient({ baseUrl: portalUrl, apiKey: 'k', retries: 0 }).call('portal.get', {})).data.title;

describe('proxies from the environment', () => {
  it('none: the request goes straight to the portal', async () => {
    for (const name of ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy']) delete process.env[name];
    expect(await title()).toBe('T');
    expect(tunnels).toEqual([]);
    expect(portalSeen).toEqual(['GET /api/v1/portal']);
  });

  it.each(['HTTP_PROXY', 'http_proxy'])('%s: the request goes through the proxy', async (name) => {
    process.env[name] = proxyUrl;
    expect(await title()).toBe('T');
    expect(tunnels).toEqual([new URL(portalUrl).host]);
    expect(portalSeen).toEqual(['GET /api/v1/portal']);
  });

  it('HTTPS_PROXY alone leaves an http address direct, as undici reads it', async () => {
    process.env.HTTPS_PROXY = proxyUrl;
    expect(await title()).toBe('T');
    expect(tunnels).toEqual([]);
    expect(portalSeen).toEqual(['GET /api/v1/portal']);
  });

  it('NO_PROXY naming the portal skips the proxy', async () => {
    process.env.HTTP_PROXY = proxyUrl;
    process.env.NO_PROXY = '127.0.0.1';
    expect(await title()).toBe('T');
    expect(tunnels).toEqual([]);
    expect(portalSeen).toEqual(['GET /api/v1/portal']);
  });
});
