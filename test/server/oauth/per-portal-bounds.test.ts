import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s256 } from '../../support/pkce.js';
import { ADMIN_KEY, OTHER_KEY } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

/**
 * The two ways a stranger crowded out another portal's administrators, and the
 * wrong-key throttle: portal A is the fixture's default, portal B `other.localhost`.
 */
let server: TestServer;
let clock = new Date('2026-06-01T00:00:00Z');
const REDIRECT = 'http://127.0.0.1:9/callback';
const B = 'other.localhost';
/** The server's bounds (D-OAUTH-BOUNDS): registrations per portal, unused ones and open consents per address, wrong keys per address in ten minutes. */
const CLIENTS_PER_PORTAL = 1_000;
const UNUSED_CLIENTS_PER_ADDRESS = 20;
const CONSENTS_PER_ADDRESS = 20;
const WRONG_KEYS_PER_ADDRESS = 10;

beforeAll(async () => {
  server = await startTestServer(undefined, { now: () => clock });
});
afterAll(() => server.close());

async function register(host?: string) {
  return server.request('POST', '/oauth/register', { token: null, body: { redirect_uris: [REDIRECT] }, host });
}

async function consentPage(clientId: string, host?: string) {
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    code_challenge: s256('v'.repeat(43)),
    code_challenge_method: 'S256',
  });
  const page = await server.request('GET', `/oauth/authorize?${q}`, { token: null, host });
  const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page.text)?.[1];
  return {
    status: page.status,
    consentId: hidden('consent_id')!,
    csrf: hidden('csrf_token')!,
    cookie: page.headers.get('set-cookie')?.split(';')[0] ?? '',
  };
}

function answer(c: { consentId: string; csrf: string; cookie: string }, apiKey: string, host?: string) {
  return server.request('POST', '/oauth/authorize', {
    token: null,
    host,
    rawBody: new URLSearchParams({
      consent_id: c.consentId,
      csrf_token: c.csrf,
      api_key: apiKey,
      action: 'approve',
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: c.cookie },
  });
}

describe("D-OAUTH-BOUNDS one portal's strangers never block another portal's administrators", () => {
  it('registering clients at portal B without end leaves registration at portal A open', {
    timeout: 120_000,
  }, async () => {
    for (let i = 0; i < CLIENTS_PER_PORTAL + 10; i++) expect((await register(B)).status).toBe(201);
    expect((await register()).status).toBe(201);
  });

  it("a flood of authorization requests at portal B leaves portal A's open consent page working", {
    timeout: 120_000,
  }, async () => {
    const clientA = (await register()).body.client_id;
    const pageA = await consentPage(clientA);
    expect(pageA.status).toBe(200);
    const strangers = await Promise.all(
      Array.from({ length: UNUSED_CLIENTS_PER_ADDRESS }, async () => (await register(B)).body.client_id),
    );
    for (const clientId of strangers)
      for (let i = 0; i < CONSENTS_PER_ADDRESS + 1; i++) expect((await consentPage(clientId, B)).status).toBe(200);
    const approved = await answer(pageA, ADMIN_KEY);
    expect(approved.status).toBe(302);
    expect(new URL(approved.headers.get('location')!).searchParams.get('code')).toBeTruthy();
  });
});

describe("D-OAUTH-BOUNDS D-CLIENT-ADDRESS wrong API keys on a portal's consent pages are throttled per portal and address", () => {
  it('after 10 wrong keys in 10 minutes: 429 with Retry-After, even for the right key from that address; other portals unaffected', async () => {
    clock = new Date(clock.getTime() + 24 * 60 * 60_000);
    const clientId = (await register()).body.client_id;
    for (let i = 0; i < WRONG_KEYS_PER_ADDRESS; i++) {
      const page = await consentPage(clientId);
      expect((await answer(page, `wrong-${i}`)).status).toBe(401);
      clock = new Date(clock.getTime() + 1000);
    }
    const page = await consentPage(clientId);
    const refused = await answer(page, ADMIN_KEY);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('590');
    expect(refused.text).toContain(
      'Too many wrong keys were typed from this address on this portal&#39;s consent pages: try again in 590 seconds.',
    );

    const clientB = (await register(B)).body.client_id;
    expect((await answer(await consentPage(clientB, B), OTHER_KEY, B)).status).toBe(302);

    clock = new Date(clock.getTime() + 590_000);
    expect((await answer(page, ADMIN_KEY)).status).toBe(302);
  });
});
