import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointList } from '../../../src/contract/endpoints.js';
import { referenceEndpointList } from '../../../src/contract/reference-endpoints.js';

const referenceRoutes = () => referenceEndpointList.map(({ method, path }) => ({ method, path }));
import { decodePathSegment } from '../../../src/server/http/request-path.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

/** Percent-escapes that do not decode: a lone `%`, no hex digits, a cut UTF-8 sequence, a byte that is not UTF-8. */
const MALFORMED = ['%E0', '%', '%zz', '%E0%A4%A', '%FF', 'a%2'];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Every route as its method and path, each parameter (or, without one, a last segment) made malformed. */
function targets(escape: string): Array<[string, string]> {
  const routes = [
    ...endpointList.flatMap((e) => [e.method, ...(e.alsoMethods ?? [])].map((method) => ({ method, path: e.path }))),
    ...referenceRoutes(),
    ...['GET', 'POST', 'DELETE'].map((method) => ({ method, path: '/mcp' })),
    ...['GET', 'POST'].map((method) => ({ method, path: '/oauth/authorize' })),
    { method: 'POST', path: '/oauth/register' },
    { method: 'POST', path: '/oauth/token' },
    { method: 'GET', path: '/.well-known/oauth-authorization-server' },
    { method: 'GET', path: '/.well-known/oauth-protected-resource/mcp' },
  ];
  return routes.map(({ method, path }) => [
    method,
    path.includes('{') ? path.replace(/\{\w+\}/g, escape) : `${path}/${escape}`,
  ]);
}

async function answer(method: string, path: string) {
  const res = await server.request(method, path, { body: method === 'GET' ? undefined : {} });
  return { status: res.status, message: typeof res.body?.message === 'string' ? 'a message' : res.text.slice(0, 80) };
}

describe('D-HTTP-PATH-ESCAPES a malformed percent-escape in the path names nothing, on every route', () => {
  it.each(MALFORMED)(
    '%s: every API, reference, OAuth and MCP route answers as for a name it does not know, with a JSON message',
    async (escape) => {
      const named = targets('no-such-name');
      const answers = await Promise.all(
        targets(escape).map(async ([method, path], i) => ({
          route: `${method} ${path}`,
          malformed: await answer(method, path),
          unknown: await answer(...named[i]),
        })),
      );
      expect(answers.filter((a) => a.malformed.status >= 500)).toEqual([]);
      expect(
        answers.filter((a) => a.malformed.status !== a.unknown.status || a.malformed.message !== 'a message'),
      ).toEqual([]);
      expect(answers.length).toBeGreaterThan(80);
    },
  );

  it('/__reference/webhooks/%E0 and its deliveries and resend routes: 404, not 500', async () => {
    for (const [method, path] of [
      ['PATCH', '/__reference/webhooks/%E0'],
      ['DELETE', '/__reference/webhooks/%E0'],
      ['GET', '/__reference/webhooks/%E0/deliveries'],
      ['POST', '/__reference/webhooks/1/deliveries/%E0/resend'],
    ]) {
      const res = await server.request(method, path, { body: { url: 'http://127.0.0.1:9/hook' } });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.message, `${method} ${path}`).toEqual(expect.any(String));
    }
  });

  it('one decoder: well-formed escapes decode, a malformed one is kept as sent', () => {
    expect(decodePathSegment('caf%C3%A9')).toBe('café');
    expect(decodePathSegment('no%20such')).toBe('no such');
    expect(decodePathSegment('%E0')).toBe('%E0');
    expect(decodePathSegment('a%2')).toBe('a%2');
  });

  it('no other part of the server decodes a request path on its own', () => {
    const own = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? own(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
      );
    const decoding = own('src/server').filter(
      (file) => /decodeURI(Component)?\(/.test(readFileSync(file, 'utf8')) && !file.endsWith('request-path.ts'),
    );
    // Links inside articles are decoded by link-health, which is not a request path.
    expect(decoding).toEqual([join('src/server/kb/link-health/own-portal-links.ts')]);
  });
});
