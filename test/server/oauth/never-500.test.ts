import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server.js';

/** Whatever a client sends to the OAuth endpoints, the answer is an RFC error body, never a 500. */
let server: TestServer;
let clientId: string;
const REDIRECT = 'http://127.0.0.1:9/callback';

beforeAll(async () => {
  server = await startTestServer();
  clientId = (await server.request('POST', '/oauth/register', { token: null, body: { redirect_uris: [REDIRECT] } }))
    .body.client_id;
});
afterAll(() => server.close());

const NAMES = [
  'response_type',
  'client_id',
  'redirect_uri',
  'code_challenge',
  'code_challenge_method',
  'state',
  'scope',
  'resource',
  'grant_type',
  'code',
  'code_verifier',
  'refresh_token',
  'consent_id',
  'csrf_token',
  'api_key',
  'action',
];

const value = () =>
  fc.oneof(
    fc.constantFrom(
      '',
      'code',
      'S256',
      'plain',
      'mcp',
      'authorization_code',
      'refresh_token',
      'approve',
      'deny',
      REDIRECT,
      'x'.repeat(43),
    ),
    fc.string({ maxLength: 60 }),
    fc.constant('%zz'),
  );

const params = () =>
  fc.array(fc.tuple(fc.constantFrom(...NAMES), value()), { maxLength: 10 }).map((pairs) => {
    const p = new URLSearchParams();
    for (const [k, v] of pairs) p.append(k, v);
    return p;
  });

describe('OAuth endpoints never answer 500', () => {
  it('authorize (GET), consent (POST) and token (POST) with arbitrary, repeated and missing parameters', async () => {
    await fc.assert(
      fc.asyncProperty(
        params(),
        fc.boolean(),
        fc.constantFrom('GET /oauth/authorize', 'POST /oauth/authorize', 'POST /oauth/token', 'POST /oauth/register'),
        async (p, withClient, target) => {
          if (withClient) p.set('client_id', clientId);
          const [method, path] = target.split(' ');
          const res =
            method === 'GET'
              ? await server.request('GET', `${path}?${p}`, { token: null })
              : await server.request('POST', path, {
                  token: null,
                  rawBody: p.toString(),
                  headers: {
                    'content-type': path.endsWith('register')
                      ? 'application/json'
                      : 'application/x-www-form-urlencoded',
                  },
                });
          expect(res.status).toBeGreaterThanOrEqual(200);
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400) expect(typeof res.body.error).toBe('string');
        },
      ),
      { numRuns: 150, seed: 15 },
    );
  });
});
