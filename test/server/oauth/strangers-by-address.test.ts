import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s256 } from '../../support/pkce.js';
import { ADMIN_KEY } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

/**
 * D-CLIENT-ADDRESS: what a stranger does from one address never locks the portal's
 * administrator, at another address, out of authorizing an MCP client. The server
 * listens on 127.0.0.1; the stranger connects from 127.0.0.66, the administrator
 * from 127.0.0.1 (loopback addresses both: the connection's source is what counts).
 */
const OWNER = '127.0.0.1';
const STRANGER = '127.0.0.66';
const REDIRECT = 'http://127.0.0.1:9/callback';
/** The server's bounds (D-OAUTH-BOUNDS): wrong keys per address in a ten-minute window, open consents and registrations per portal. */
const WRONG_KEYS_PER_ADDRESS = 10;
const WRONG_KEY_WINDOW_MS = 10 * 60_000;
const CONSENTS_PER_PORTAL = 500;
const CLIENTS_PER_PORTAL = 1_000;

let server: TestServer;
let clock = new Date('2026-06-01T00:00:00Z');
beforeAll(async () => {
  server = await startTestServer(undefined, { now: () => clock });
});
afterAll(() => server.close());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One exchange from a given local address, on a connection of its own. */
function from(
  address: string,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, localAddress: address, method, path, headers, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function register(address: string): Promise<{ status: number; clientId: string }> {
  const res = await from(address, 'POST', '/oauth/register', JSON.stringify({ redirect_uris: [REDIRECT] }), {
    'content-type': 'application/json',
  });
  return { status: res.status, clientId: res.status === 201 ? JSON.parse(res.text).client_id : '' };
}

async function consentPage(address: string, clientId: string) {
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    code_challenge: s256('v'.repeat(43)),
    code_challenge_method: 'S256',
  });
  const page = await from(address, 'GET', `/oauth/authorize?${q}`);
  const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page.text)?.[1];
  const cookie = page.headers['set-cookie'];
  return {
    status: page.status,
    consentId: hidden('consent_id')!,
    csrf: hidden('csrf_token')!,
    cookie: (Array.isArray(cookie) ? cookie[0] : (cookie ?? '')).split(';')[0],
  };
}

/** The consent form sent back; a stranger also claims to forward for the administrator's address, which is not believed. */
function answer(address: string, c: { consentId: string; csrf: string; cookie: string }, apiKey: string) {
  const form = new URLSearchParams({ consent_id: c.consentId, csrf_token: c.csrf, api_key: apiKey, action: 'approve' });
  return from(address, 'POST', '/oauth/authorize', form.toString(), {
    'content-type': 'application/x-www-form-urlencoded',
    cookie: c.cookie,
    ...(address === STRANGER ? { 'x-forwarded-for': OWNER, forwarded: `for=${OWNER}` } : {}),
  });
}

describe('D-CLIENT-ADDRESS a stranger never locks the administrator out', () => {
  it("wrong keys are counted per portal and address: a stranger's guesses make only the stranger wait", async () => {
    const clientId = (await register(OWNER)).clientId;
    for (let i = 0; i <= WRONG_KEYS_PER_ADDRESS; i++) {
      const guess = await answer(STRANGER, await consentPage(STRANGER, clientId), `guess-${i}`);
      expect(guess.status).toBe(i < WRONG_KEYS_PER_ADDRESS ? 401 : 429);
    }
    // The stranger's right key waits too: the page is no place to guess from.
    expect((await answer(STRANGER, await consentPage(STRANGER, clientId), ADMIN_KEY)).status).toBe(429);

    const approved = await answer(OWNER, await consentPage(OWNER, clientId), ADMIN_KEY);
    expect(approved.status).toBe(302);
    expect(new URL(approved.headers.location as string).searchParams.get('code')).toBeTruthy();
    clock = new Date(clock.getTime() + WRONG_KEY_WINDOW_MS);
  });

  it("a flood of consent pages (for the administrator's own client) leaves the administrator's page open", async () => {
    const clientId = (await register(OWNER)).clientId;
    const page = await consentPage(OWNER, clientId);
    expect(page.status).toBe(200);
    for (let i = 0; i < CONSENTS_PER_PORTAL + 10; i++) expect((await consentPage(STRANGER, clientId)).status).toBe(200);
    expect((await answer(OWNER, page, ADMIN_KEY)).status).toBe(302);
  }, 120_000);

  it("registering clients without end from one address leaves the administrator's registration open", async () => {
    for (let i = 0; i < CLIENTS_PER_PORTAL + 10; i++) expect((await register(STRANGER)).status).toBe(201);
    const mine = await register(OWNER);
    expect(mine.status).toBe(201);
    expect((await consentPage(OWNER, mine.clientId)).status).toBe(200);
  }, 120_000);
});
