import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY, fixtureSeed, OTHER_KEY } from '../../support/fixture-seed.js';
import { rawExchange } from '../../support/raw-http.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

// The default portal names neither localhost nor 127.0.0.1 here: it answers them as the
// default, and any other name only when it is allowed.
const seed = fixtureSeed();
seed.portals[0].hosts = ['test.localhost'];

let server: TestServer;
let port: string;
beforeAll(async () => {
  server = await startTestServer(seed, {}, { allowedHosts: ['proxy.internal'] });
  port = new URL(server.url).port;
});
afterAll(() => server.close());

async function send(method: string, path: string, host: string, headers: Record<string, string> = {}) {
  const res = await request(server.url + path, {
    method: method as 'GET',
    headers: { host, authorization: `Bearer ${ADMIN_KEY}`, ...headers },
  });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, text };
}

const raw = (lines: string[], body = '') => rawExchange(server.url, `${lines.join('\r\n')}\r\n\r\n${body}`);

describe('D-HTTP-HOST a request is answered only for a host the server answers to', () => {
  const routes: Array<[string, string]> = [
    ['GET', '/api/v1/portal'],
    ['GET', '/.well-known/oauth-authorization-server'],
    ['GET', '/.well-known/oauth-protected-resource/mcp'],
    ['POST', '/mcp'],
    ['POST', '/oauth/register'],
    ['GET', '/oauth/authorize?client_id=x&response_type=code'],
    ['GET', '/__reference/openapi.json'],
    ['POST', '/api/v1/knowledgebase/sync/preview'],
  ];
  it.each(routes)('%s %s with an unknown Host is 421 and reflects nothing of it', async (method, path) => {
    const res = await send(method, path, 'rebound.attacker.example:8080');
    expect(res.status).toBe(421);
    expect(res.text).toBe('{"message":"Misdirected Request."}');
    expect(res.headers['www-authenticate']).toBeUndefined();
    expect(JSON.stringify(res.headers)).not.toContain('attacker');
  });

  it("a portal's own host, localhost and the address the server listens on are answered", async () => {
    expect((await send('GET', '/api/v1/portal', 'test.localhost')).status).toBe(200);
    expect((await send('GET', '/api/v1/portal', `localhost:${port}`)).status).toBe(200);
    expect((await send('GET', '/api/v1/portal', `127.0.0.1:${port}`)).status).toBe(200);
    const other = await send('GET', '/api/v1/portal', 'other.localhost', { authorization: `Bearer ${OTHER_KEY}` });
    expect(JSON.parse(other.text).data.title).toBe('Other Portal');
  });

  it('a name given with --allowed-hosts is answered by the default portal', async () => {
    const res = await send('GET', '/api/v1/portal', 'Proxy.Internal:443');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text).data.title).toBe('Test Portal');
  });

  it('an IP address the server does not listen on is 421, and so is a wildcard or another spelling', async () => {
    for (const host of ['127.0.0.3', '0.0.0.0', '[::1]', '[::]', '10.0.0.1', '2130706433', '127.1', 'localhost.']) {
      expect((await send('GET', '/api/v1/portal', host)).status, host).toBe(421);
    }
  });

  it('the issuer and resource of the OAuth metadata are the Host the client used, when it is answered', async () => {
    const res = await send('GET', '/.well-known/oauth-protected-resource/mcp', `localhost:${port}`);
    expect(JSON.parse(res.text).resource).toBe(`http://localhost:${port}/mcp`);
    const unknown = await send('POST', '/mcp', 'evil.example');
    expect(unknown.headers['www-authenticate']).toBeUndefined();
  });
});

describe('D-HTTP-HOST a Host that is not a plain host name, or not one, is 400', () => {
  it.each([
    'a"b',
    "a'b",
    'a b',
    'a<b>',
    'a\\b',
    'a/b',
    'a@b',
    'a,b',
    'a:b:c',
    'localhost:99999',
    '9'.repeat(40),
    '',
    'é.example',
    'x'.repeat(260),
  ])('Host %j is 400 with a JSON message', async (host) => {
    const res = await raw(['GET /api/v1/portal HTTP/1.1', `Host: ${host}`, 'Connection: close']);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The Host header is not a valid host name.');
    if (host) expect(res.text).not.toContain(`http://${host}`);
  });

  it('Host texts found well formed are remembered, a bounded few; a malformed one is refused however many came before', async () => {
    // More distinct names than are kept, on one connection: each is judged, and well-formed ones reach the host rule (421).
    for (let i = 0; i < 300; i++) expect((await send('GET', '/api/v1/portal', `n${i}.example`)).status).toBe(421);
    expect((await send('GET', '/api/v1/portal', 'test.localhost')).status).toBe(200);
    for (const host of ['a b', 'localhost:99999', 'n1.example:x']) {
      const res = await raw(['GET /api/v1/portal HTTP/1.1', `Host: ${host}`, 'Connection: close']);
      expect(res.body.message).toBe('The Host header is not a valid host name.');
    }
    expect((await send('GET', '/api/v1/portal', 'test.localhost')).status).toBe(200);
  });

  it('a control character in Host is 400 with a JSON message', async () => {
    for (const c of ['\x01', '\x1b', '\x7f']) {
      const res = await raw([
        'GET /.well-known/oauth-authorization-server HTTP/1.1',
        `Host: a${c}b`,
        'Connection: close',
      ]);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('two Host headers are 400, whichever comes first', async () => {
    for (const [a, b] of [
      ['localhost', 'evil.example'],
      ['evil.example', 'localhost'],
      ['localhost', 'localhost'],
    ]) {
      const res = await raw(['GET /api/v1/portal HTTP/1.1', `Host: ${a}`, `host: ${b}`, 'Connection: close']);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('The request has more than one Host header.');
    }
  });

  it('an absolute-form target must name the host of the Host header', async () => {
    const auth = `Authorization: Bearer ${ADMIN_KEY}`;
    const agree = await raw([
      `GET http://LOCALHOST:${port}/api/v1/portal HTTP/1.1`,
      `Host: localhost:${port}`,
      auth,
      'Connection: close',
    ]);
    expect(agree.status).toBe(200);
    for (const target of [
      'http://evil.example/api/v1/portal',
      `http://localhost:${Number(port) + 1}/api/v1/portal`,
      `ftp://localhost:${port}/api/v1/portal`,
    ]) {
      const res = await raw([`GET ${target} HTTP/1.1`, `Host: localhost:${port}`, auth, 'Connection: close']);
      expect(res.status, target).toBe(400);
      expect(res.body.message).toBe('The request target names another host than the Host header.');
    }
  });

  it('HTTP/1.1 without Host is 400; HTTP/1.0 without Host is taken as sent to the address it came in on', async () => {
    const missing = await raw(['GET /api/v1/portal HTTP/1.1', 'Connection: close']);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('The request has no Host header.');
    const old = await raw(['GET /.well-known/oauth-authorization-server HTTP/1.0']);
    expect(old.status).toBe(200);
    expect(old.body.issuer).toBe(`http://127.0.0.1:${port}`);
  });
});
