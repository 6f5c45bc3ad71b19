import fc from 'fast-check';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceEndpointList } from '../../../src/contract/reference-endpoints.js';

const referenceRoutes = () => referenceEndpointList.map(({ method, path }) => ({ method, path }));
import { ADMIN_KEY, OTHER_KEY, READONLY_KEY } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

// Hostile input to every `/__reference/*` route (inspection, reset, named lists, webhooks,
// deliveries, resend, the events log and trigger), generated: random path parameters
// (malformed percent-escapes among them), verbs, keys, query strings and bodies. The
// server must answer each one, never with a 5xx, and a refusal is JSON with a message.
// Webhook URLs name loopback or names that only this test's resolver answers (127.0.0.1);
// the server started here runs no delivery worker, so nothing is sent anywhere.

const BATCH = 8;
let server: TestServer;
let sent = 0;
/** What the server logged as unexpected: shown with the request that failed. */
const logged: unknown[] = [];
const agent = new Agent({ connections: BATCH, keepAliveTimeout: 30_000 });

beforeAll(async () => {
  server = await startTestServer(
    undefined,
    {
      webhookEgress: {
        allowKinds: ['a loopback'],
        lookup: async () => [{ address: '127.0.0.1', family: 4 }],
      },
    },
    { logError: (err) => logged.push(err) },
  );
});
afterAll(async () => {
  console.log(`fuzz: ${sent} generated hostile requests to /__reference/*, no 5xx, every refusal a JSON message`);
  await server.close();
  await agent.close();
});

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('', '   ', '__proto__', 'constructor', 'null', '0', '-1', '1e309', '9'.repeat(40), '\u0000'),
  fc.nat({ max: 5000 }).map((n) => 'x'.repeat(n)),
);

const segment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('1', '2', '3', '100', '-1', '0', 'abc') },
  { weight: 2, arbitrary: hostileString.map(encodeURIComponent) },
  fc.constantFrom('%', '%E0', '%zz', '%E0%A4%A', '%FF', 'a%2', '%2F', '..', '%00', '%C0%AF'),
  fc.nat().map(String),
);

const url = fc.oneof(
  fc.constantFrom(
    'http://127.0.0.1:9/hook',
    'https://127.0.0.2:9/hook',
    'http://receiver.test:9/x',
    'http://[::1]:9/hook',
    'ftp://127.0.0.1/x',
    'http://user:pw@127.0.0.1:9/x',
    'not a url',
    '',
  ),
  hostileString,
);
const event = fc.constantFrom(
  'post.created',
  'post.updated',
  'post.deleted',
  'comment.created',
  'vote.created',
  'status.changed',
  'nope',
  '',
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(event, hostileString), { maxLength: 4 }),
  fc.jsonValue({ maxDepth: 3 }),
);
const body = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .record(
        {
          url,
          events: fc.oneof(fc.array(event, { maxLength: 8 }), value),
          enabled: value,
          secret: fc.oneof(fc.constant(`whsec_${Buffer.alloc(24, 7).toString('base64')}`), hostileString),
          event,
          overrides: fc.oneof(fc.dictionary(hostileString, value, { maxKeys: 4 }), value),
        },
        { requiredKeys: [] },
      )
      .map((b) => JSON.stringify(b)),
  },
  fc.jsonValue().map((v) => JSON.stringify(v)),
  hostileString,
  fc.integer({ min: 60, max: 20_000 }).map((depth) => `{"url":${'['.repeat(depth)}${']'.repeat(depth)}}`),
  fc.constant(undefined),
);

interface Exchange {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: string | undefined;
}

const exchange: fc.Arbitrary<Exchange> = fc.constantFrom(...referenceRoutes()).chain((route) => {
  const names = [...route.path.matchAll(/\{(\w+)\}/g)];
  return fc
    .record({
      method: fc.oneof(
        { weight: 8, arbitrary: fc.constant(route.method) },
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
      ),
      params: fc.tuple(...names.map(() => segment)),
      extra: fc.oneof(
        { weight: 6, arbitrary: fc.constant('') },
        segment.map((s) => `/${s}`),
        fc.constant('/'),
      ),
      query: fc.array(fc.tuple(fc.constantFrom('after', 'portal_only', 'x'), hostileString), { maxLength: 3 }),
      authorization: fc.oneof(
        { weight: 6, arbitrary: fc.constant(`Bearer ${ADMIN_KEY}`) },
        fc.constantFrom(`Bearer ${READONLY_KEY}`, `Bearer ${OTHER_KEY}`, 'Bearer', ''),
      ),
      contentType: fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain', undefined),
      body,
    })
    .map(({ method, params, extra, query, authorization, contentType, body }) => {
      let path = route.path;
      params.forEach((p) => (path = path.replace(/\{\w+\}/, p)));
      const headers: Record<string, string> = { accept: 'application/json' };
      if (authorization) headers.authorization = authorization;
      if (contentType) headers['content-type'] = contentType;
      const qs = new URLSearchParams(query).toString();
      return {
        method,
        path: `${path}${extra}`,
        query: qs ? `?${qs}` : '',
        headers,
        body: method === 'GET' || method === 'HEAD' ? undefined : body,
      };
    });
});

async function send(x: Exchange): Promise<void> {
  sent++;
  const what = `${x.method} ${x.path}${x.query} ${JSON.stringify(x.headers)} ${String(x.body ?? '').slice(0, 200)}`;
  const res = await request(`${server.url}${x.path}${x.query}`, {
    method: x.method as 'POST',
    headers: x.headers,
    body: x.body,
    dispatcher: agent,
    headersTimeout: 15_000,
    bodyTimeout: 15_000,
  }).catch((err: Error) => {
    throw new Error(`no answer (${err.message}) to ${what}`);
  });
  const text = await res.body.text();
  const cause = res.statusCode >= 500 ? ` (logged: ${String((logged.at(-1) as Error)?.stack)})` : '';
  expect(res.statusCode, `${what} -> ${text.slice(0, 300)}${cause}`).toBeLessThan(500);
  if (x.method === 'HEAD' || res.statusCode < 400) return;
  let json: { message?: unknown };
  try {
    json = JSON.parse(text) as { message?: unknown };
  } catch {
    throw new Error(`not JSON: ${what} -> ${res.statusCode} ${text.slice(0, 300)}`);
  }
  expect(typeof json.message === 'string' && json.message !== '', `${what} -> ${text.slice(0, 300)}`).toBe(true);
}

describe('hostile input to /__reference/* never causes a server error', () => {
  it('every reference route: random path parameters, verbs, keys, queries and bodies (1,600 requests)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(exchange, { minLength: BATCH, maxLength: BATCH }), (batch) =>
        Promise.all(batch.map(send)).then(() => undefined),
      ),
      {
        numRuns: Number(process.env.FUZZ_REFERENCE_RUNS ?? 200),
        ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
      },
    );
    expect(sent).toBeGreaterThanOrEqual(1_600);
  }, 600_000);
});
