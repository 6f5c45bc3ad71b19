import fc from 'fast-check';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY, GROUP_BETA } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Routes whose handlers exist, with a slot (`*`) where random path segments go. */
const TEMPLATES: Array<[string, string]> = [
  ['GET', '/api/v1/portal'],
  ['GET', '/api/v1/posts'],
  ['POST', '/api/v1/groups'],
  ['PATCH', `/api/v1/groups/*`],
  ['PUT', `/api/v1/groups/${GROUP_BETA}`],
  ['GET', '/api/v1/groups/*/users'],
  ['POST', `/api/v1/groups/${GROUP_BETA}/users`],
  ['DELETE', '/api/v1/groups/*/users'],
  ['POST', '/api/v1/feedback'],
  ['PUT', '/api/v1/feedback/*'],
  ['POST', '/api/v1/feedback/summarize'],
  ['POST', '/api/v1/categories'],
  ['PATCH', '/api/v1/categories/*'],
  ['GET', '/api/v1/*'],
  ['POST', '/__reference/*'],
  ['GET', '/*'],
];

const CONTENT_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x', ''];

const segment = fc.oneof(
  fc.string().map(encodeURIComponent),
  fc.constantFrom('/[', '/%', '//', '%', '%zz', '%E0%A4%A', '..', '%2F', '__proto__', 'constructor', '-1', '1e309', '9'.repeat(40)),
  fc.uuid(),
  fc.nat().map(String),
);

const jsonBody = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc
    .dictionary(
      fc.constantFrom('name', 'description', 'user_id', 'type', 'feedback', 'sentiment', 'focus', 'created_from', 'created_to', 'widget', 'keyword', 'color', '__proto__'),
      fc.jsonValue(),
    )
    .map((v) => JSON.stringify(v)),
  fc.string(),
  fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b).toString('latin1')),
);

const query = fc.array(fc.tuple(fc.oneof(fc.string(), fc.constantFrom('limit', 'skip', 'status[]', 'tag_id', 'order_by', 'last_post_id')), fc.string()), {
  maxLength: 4,
});

const exchange = fc.record({
  template: fc.constantFrom(...TEMPLATES),
  segment,
  query,
  body: fc.option(jsonBody, { nil: undefined }),
  contentType: fc.constantFrom(...CONTENT_TYPES),
});

describe('bad input never causes a server error', () => {
  it('random paths, queries and bodies at several endpoints always answer below 500', async () => {
    await fc.assert(
      fc.asyncProperty(exchange, async ({ template: [method, path], segment, query, body, contentType }) => {
        const qs = new URLSearchParams(query).toString();
        const url = `${server.url}${path.replace('*', segment)}${qs ? `?${qs}` : ''}`;
        const headers: Record<string, string> = { authorization: `Bearer ${ADMIN_KEY}`, accept: 'application/json' };
        if (contentType) headers['content-type'] = contentType;
        const res = await request(url, { method: method as 'POST', headers, body });
        const text = await res.body.text();
        expect(res.statusCode, `${method} ${url} ${body ?? ''} -> ${text}`).toBeLessThan(500);
        expect(() => JSON.parse(text)).not.toThrow();
      }),
      { numRuns: 400 },
    );
  });
});
