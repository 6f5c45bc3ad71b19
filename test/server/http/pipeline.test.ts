import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, endpointList, type Endpoint } from '../../../src/contract/endpoints.js';
import { ADMIN_KEY, BOB, EXPIRED_KEY, GROUP_BETA, OTHER_KEY, READONLY_KEY } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(undefined, {}, { allowedHosts: ['nowhere.example'] });
});
afterAll(() => server.close());

const UNAUTHENTICATED = '{"message":"Unauthenticated."}';

interface SendOptions {
  token?: string | null;
  host?: string;
  headers?: Record<string, string>;
  body?: string | Buffer | Readable;
}

/** One exchange over undici, which (unlike fetch) sends the Host header it is given. */
async function send(method: string, path: string, opts: SendOptions = {}) {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  const token = opts.token === undefined ? ADMIN_KEY : opts.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (opts.host) headers.host = opts.host;
  const res = await request(server.url + path, { method: method as 'GET', headers, body: opts.body });
  const text = await res.body.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.statusCode, headers: res.headers, text, body };
}

const json = (value: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });

/** Sample path parameters so every route of the table can be addressed. */
const SAMPLE_PARAMS: Record<string, string> = {
  key: 'dark1',
  anonymous_id: 'd41d8cd98f00b204e9800998ecf8427e',
  id: '1',
  group: GROUP_BETA,
  type: 'post',
  identifier: 'pend3',
  scanId: 'scan-1',
  tabId: '3',
  user: '1',
  tab: '1',
  section: '10',
  status: '1',
  tag: '1',
  widget: '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b',
};
const pathOf = (e: Endpoint) => buildPath(e.path, SAMPLE_PARAMS);
const verbsOf = (e: Endpoint) => [e.method, ...(e.alsoMethods ?? [])];

describe('authentication', () => {
  it('R-AUTH-401 a request without credentials is 401 {"message":"Unauthenticated."}', async () => {
    const res = await send('GET', '/api/v1/portal', { token: null });
    expect(res.status).toBe(401);
    expect(res.text).toBe(UNAUTHENTICATED);
    expect(res.headers['content-type']).toBe('application/json');
  });

  it('an unknown API key is 401 Unauthenticated.', async () => {
    const res = await send('GET', '/api/v1/portal', { token: 'no-such-key' });
    expect(res.status).toBe(401);
    expect(res.text).toBe(UNAUTHENTICATED);
  });

  it('R-AUTH-BEARER a malformed Authorization header is 401 Unauthenticated.', async () => {
    for (const authorization of [
      'Bearer',
      'Bearer ',
      `Basic ${Buffer.from('a:b').toString('base64')}`,
      ADMIN_KEY,
      `Bearer ${ADMIN_KEY} extra`,
      `Token ${ADMIN_KEY}`,
    ]) {
      const res = await send('GET', '/api/v1/portal', { token: null, headers: { authorization } });
      expect(res.status, authorization).toBe(401);
      expect(res.text).toBe(UNAUTHENTICATED);
    }
  });

  it('R-AUTH-KEY-KINDS an expired key is 401 Unauthenticated., on reads and writes', async () => {
    const read = await send('GET', '/api/v1/portal', { token: EXPIRED_KEY });
    expect(read.status).toBe(401);
    expect(read.text).toBe(UNAUTHENTICATED);
    const write = await send('POST', '/api/v1/groups', { token: EXPIRED_KEY, ...json({ name: 'Nope' }) });
    expect(write.status).toBe(401);
    expect(write.text).toBe(UNAUTHENTICATED);
  });

  it("R-AUTH-PORTAL-KEY a key works only at its own portal: another portal's key is 401", async () => {
    const otherKeyHere = await send('GET', '/api/v1/portal', { token: OTHER_KEY });
    expect(otherKeyHere.status).toBe(401);
    expect(otherKeyHere.text).toBe(UNAUTHENTICATED);
    const ourKeyThere = await send('GET', '/api/v1/portal', { token: ADMIN_KEY, host: 'other.localhost' });
    expect(ourKeyThere.status).toBe(401);
    expect(ourKeyThere.text).toBe(UNAUTHENTICATED);
  });

  it('D-AUTH-ORDER authentication comes before validation: an unauthenticated invalid body is 401, not 422', async () => {
    const res = await send('POST', '/api/v1/groups', { token: null, ...json({}) });
    expect(res.status).toBe(401);
    expect(res.text).toBe(UNAUTHENTICATED);
  });
});

describe('the Host header selects the portal', () => {
  it("portal.get answers the other portal's title with its key at its host", async () => {
    const res = await send('GET', '/api/v1/portal', { token: OTHER_KEY, host: 'other.localhost' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: 'Other Portal', editor_type: 'wysiwyg' });
  });

  it('the host is matched without its port and without regard to case', async () => {
    const res = await send('GET', '/api/v1/portal', { token: OTHER_KEY, host: 'Other.Localhost:8080' });
    expect(res.status).toBe(200);
    expect(res.body.data.title).toBe('Other Portal');
  });

  it('a loopback address named as a host selects that portal', async () => {
    const res = await send('GET', '/api/v1/portal', { token: OTHER_KEY, host: '127.0.0.2' });
    expect(res.body.data.title).toBe('Other Portal');
  });

  it('D-HTTP-HOST a host given with --allowed-hosts is answered by the default portal', async () => {
    const res = await send('GET', '/api/v1/portal', { host: 'nowhere.example' });
    expect(res.status).toBe(200);
    expect(res.body.data.title).toBe('Test Portal');
  });
});

describe('read-only keys', () => {
  const writes = endpointList.flatMap((e) =>
    verbsOf(e)
      .filter((m) => m !== 'GET')
      .map((method) => ({ e, method })),
  );
  const reads = endpointList.filter((e) => e.method === 'GET');

  it('the endpoint table has write endpoints to check', () => {
    expect(writes.length).toBeGreaterThanOrEqual(20);
  });

  it('D-READ-ONLY-KEY a read-only key can use every GET endpoint', async () => {
    for (const e of reads) {
      const res = await send('GET', pathOf(e), { token: READONLY_KEY });
      expect([401, 403], `${e.name} answered ${res.status}`).not.toContain(res.status);
    }
    const portal = await send('GET', '/api/v1/portal', { token: READONLY_KEY });
    expect(portal.status).toBe(200);
  });

  it('R-AUTH-KEY-KINDS D-READ-ONLY-KEY D-HTTP-READ-ONLY a read-only key gets 403 with the read-only message on every write endpoint, and nothing changes', async () => {
    const before = JSON.stringify(server.store.state);
    for (const { e, method } of writes) {
      const res = await send(method, pathOf(e), {
        token: READONLY_KEY,
        ...json({ name: 'Valid name', user_id: 2, feedback: 'x', type: 'x' }),
      });
      expect(res.status, `${method} ${e.name}`).toBe(403);
      expect(res.body, e.name).toEqual({ message: 'This API key is read-only and cannot make changes.' });
    }
    expect(JSON.stringify(server.store.state)).toBe(before);
  });

  it('the reference inspection endpoints refuse a read-only key with 403', async () => {
    for (const [method, path] of [
      ['GET', '/__reference/events'],
      ['POST', '/__reference/reset'],
      ['GET', '/__reference/tags'],
    ]) {
      const res = await send(method, path, { token: READONLY_KEY });
      expect(res.status, path).toBe(403);
      expect(res.body).toEqual({ message: 'This API key is read-only and cannot make changes.' });
    }
  });

  it('D-REFERENCE-NAMED-LISTS the tabs, sections, statuses and tags the API never lists are shown for inspection', async () => {
    const bodies = await Promise.all(
      ['tabs', 'sections', 'statuses', 'tags'].map(async (list) => (await send('GET', `/__reference/${list}`)).body),
    );
    expect(bodies.map((b) => b.data.length)).toEqual([3, 3, 2, 2]);
    expect(bodies[0].data[0]).toEqual({ id: 1, slug: 'feedback', name: 'Feedback', type: 'board' });
    expect(bodies[1].data[1]).toEqual({ id: 11, tab_id: 3, slug: 'advanced', name: 'Advanced', parent_id: 10 });
    expect(bodies[2].data[1]).toEqual({ id: 2, name: 'Planned', color: '#3366ff', tab_id: 2 });
    expect(bodies[3].data).toEqual([
      { id: 't-bug', name: 'bug' },
      { id: 't-ux', name: 'ux' },
    ]);
  });

  it('D-REFERENCE-USERS-LIST the users the API never lists are shown for inspection, with their integer id and e-mail', async () => {
    const res = await send('GET', '/__reference/users');
    expect(res.status).toBe(200);
    expect(res.body.data.map((u: { name: string }) => u.name)).toEqual(['Ann Admin', 'Bob Member', 'Cara Customer']);
    expect(res.body.data[1]).toEqual({ id: BOB, database_id: 2, name: 'Bob Member', email: 'bob@test.test' });
    expect((await send('GET', '/__reference/users', { token: READONLY_KEY })).status).toBe(403);
  });

  it('the reference inspection endpoints need a key: 401 without one', async () => {
    const res = await send('GET', '/__reference/events', { token: null });
    expect(res.status).toBe(401);
    expect(res.text).toBe(UNAUTHENTICATED);
  });
});

describe('routing', () => {
  it('D-AUTH-ORDER an unknown route is 404 "The route … could not be found.", with or without a key', async () => {
    for (const token of [ADMIN_KEY, null]) {
      const res = await send('GET', '/api/v1/nothing/here', { token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'The route api/v1/nothing/here could not be found.' });
    }
  });

  it('an unknown /__reference/ route is 404 too', async () => {
    const res = await send('GET', '/__reference/nothing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'The route __reference/nothing could not be found.' });
  });

  it("a wrong verb is 405 with an Allow header listing the path's verbs", async () => {
    const portal = await send('DELETE', '/api/v1/portal');
    expect(portal.status).toBe(405);
    expect(portal.headers.allow).toBe('GET');
    expect(portal.body).toEqual({
      message: 'The DELETE method is not supported for route api/v1/portal. Supported methods: GET.',
    });
    const group = await send('POST', `/api/v1/groups/${GROUP_BETA}`);
    expect(group.status).toBe(405);
    expect(group.headers.allow).toBe('GET, PATCH, PUT, DELETE');
  });

  it('D-HTTP-REFERENCE-ROUTES a wrong verb on a reference route is 405 with an Allow header', async () => {
    const res = await send('GET', '/__reference/reset');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });

  it('every route of the endpoint table answers 405 to a verb it does not take', async () => {
    for (const e of endpointList) {
      const others = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
      const res = await send('OPTIONS', pathOf(e));
      expect(res.status, e.name).toBe(405);
      for (const verb of res.headers.allow!.toString().split(', ')) expect(others).toContain(verb);
      expect(res.headers.allow!.toString().split(', ')).toEqual(expect.arrayContaining(verbsOf(e)));
    }
  });

  it('a trailing slash reaches the same route', async () => {
    const res = await send('GET', '/api/v1/groups/');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
  });

  it('D-HTTP-TARGET a request target no URL parser accepts is 400, not a server error', async () => {
    const port = Number(new URL(server.url).port);
    const res = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: 'http://[', headers: { authorization: `Bearer ${ADMIN_KEY}` } },
        (r) => {
          let text = '';
          r.on('data', (c) => (text += c));
          r.on('end', () => resolve({ status: r.statusCode!, text }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(res.status).toBe(400);
    expect(res.text).toBe('{"message":"The request target is not a valid URL."}');
  });

  it('a path that would confuse a URL parser (//[) is an unknown route, not a server error', async () => {
    const res = await send('GET', '//[');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'The route /[ could not be found.' });
  });

  it('D-HTTP-TARGET a path beginning with // is a path, not a host', async () => {
    const res = await send('GET', '//api/v1/portal');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'The route /api/v1/portal could not be found.' });
  });
});

describe('request bodies', () => {
  it('D-BODY-LIMITS D-HTTP-BODIES malformed JSON is 400 with a clear message', async () => {
    const res = await send('POST', '/api/v1/groups', {
      headers: { 'content-type': 'application/json' },
      body: '{"name": "x",',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('a JSON body that is not an object (array, string, number, null) is 400', async () => {
    for (const body of ['[{"name":"Array"}]', '"text"', '42', 'null', 'true']) {
      const res = await send('POST', '/api/v1/groups', { headers: { 'content-type': 'application/json' }, body });
      expect(res.status, body).toBe(400);
      expect(res.body).toEqual({ message: 'The request body must be a JSON object.' });
    }
  });

  it('D-HTTP-BODIES an empty body reads as {} and meets validation (422)', async () => {
    const res = await send('POST', '/api/v1/groups', { headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'The given data was invalid.',
      errors: { name: ['The name field is required.'] },
    });
  });

  it('D-HTTP-BODIES a JSON body without a content type is still read as JSON', async () => {
    const res = await send('POST', '/api/v1/feedback/summarize', { body: '{"sentiment":"angry"}' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ sentiment: ['The selected sentiment is invalid.'] });
  });

  it('D-HTTP-BODIES form-urlencoded bodies are accepted', async () => {
    const res = await send('POST', '/api/v1/feedback/summarize', {
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      body: 'sentiment=negative&keyword=export',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.filters).toEqual({ sentiment: 'negative', keyword: 'export' });
  });

  it('D-BODY-LIMITS a JSON body of exactly 1 MiB is read; one byte more is 413', async () => {
    const exact = (size: number) => {
      const shell = '{"feedback":"","type":"big"}';
      return `{"feedback":"${'x'.repeat(size - shell.length)}","type":"big"}`;
    };
    const limit = 1024 * 1024;
    expect(Buffer.byteLength(exact(limit))).toBe(limit);
    const atLimit = await send('POST', '/api/v1/feedback/summarize', {
      headers: { 'content-type': 'application/json' },
      body: exact(limit),
    });
    expect(atLimit.status).toBe(200);
    const over = await send('POST', '/api/v1/feedback/summarize', {
      headers: { 'content-type': 'application/json' },
      body: exact(limit + 1),
    });
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ message: 'The request body must not be larger than 1048576 bytes.' });
  });

  it('D-HTTP-BODIES a JSON body over 1 MiB sent without a length (chunked) is 413', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let sent = 0;
    const stream = new Readable({
      read() {
        if (sent >= 2 * 1024 * 1024) return this.push(null);
        sent += chunk.length;
        this.push(sent === chunk.length ? Buffer.concat([Buffer.from('{"feedback":"'), chunk]) : chunk);
      },
    });
    // The server answers before the client finished sending, then closes the connection.
    const { status } = await send('POST', '/api/v1/feedback', {
      headers: { 'content-type': 'application/json' },
      body: stream,
    });
    expect(status).toBe(413);
    expect(server.store.portals[0].feedback.list()).toHaveLength(2);
  });

  it('after a 413 the server keeps answering', async () => {
    const res = await send('GET', '/api/v1/portal');
    expect(res.status).toBe(200);
  });
});
