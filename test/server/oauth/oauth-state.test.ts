import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OAuthState } from '../../../src/server/oauth/oauth-state.js';
import { s256 } from '../../support/pkce.js';
import { startServer } from '../../../src/server/start-server.js';

const REDIRECT = 'http://127.0.0.1:9/callback';
const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');
/** A consent page stays open for ten minutes. */
const CONSENT_MS = 10 * 60_000;
/** An unused registration is forgotten after a day. */
const DAY_MS = 24 * 60 * 60_000;

function openConsent(state: OAuthState, clientId: string, now = 0, portal = 'p', from = '127.0.0.1') {
  return state.openConsent(
    {
      clientId,
      portal,
      from,
      redirectUri: REDIRECT,
      redirectUriGiven: true,
      codeChallenge: 'c'.repeat(43),
      resource: 'http://127.0.0.1/mcp',
    },
    now,
  );
}

/** Everything the state holds, as text: the maps' keys and values. */
const held = (state: OAuthState) =>
  JSON.stringify(Object.values(state).map((v) => (v instanceof Map || v instanceof Set ? [...v.entries()] : v)));

describe('OAuthState', () => {
  it('D-OAUTH-MEMORY codes and tokens are kept only as their SHA-256 hashes', () => {
    const state = new OAuthState();
    const client = state.registerClient({ portal: 'p', redirectUris: [REDIRECT], issuedAt: 0 }, '127.0.0.1')!;
    const code = state.issueCode(openConsent(state, client.clientId), 'admin-key', 0);
    const tokens = state.issueTokens(
      { clientId: client.clientId, portal: 'p', apiKey: 'admin-key', scope: 'mcp', resource: 'r' },
      0,
    );
    const text = held(state);
    for (const secret of [code, tokens.accessToken, tokens.refreshToken]) {
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
      expect(text).not.toContain(secret);
      expect(text).toContain(sha256(secret));
    }
    expect(state.accessToken(tokens.accessToken, 0)).toMatchObject({ clientId: client.clientId, portal: 'p' });
  });

  it('D-OAUTH-MEMORY D-OAUTH-BOUNDS registrations and open consents are bounded per portal and per address; expired ones are swept', () => {
    const state = new OAuthState({
      clientsPerPortal: 3,
      unusedClientsPerAddress: 2,
      consentsPerPortal: 4,
      consentsPerAddress: 2,
    });
    const register = (from: string, portal = 'p') =>
      state.registerClient({ portal, redirectUris: [REDIRECT], issuedAt: 0 }, from, 0)!;
    // An address's third unused registration replaces its first; other addresses keep theirs.
    const [x1, x2, x3] = [register('x'), register('x'), register('x')];
    expect([x1, x2, x3].map((c) => state.client(c.clientId, 0) !== undefined)).toEqual([false, true, true]);
    // The portal is full: room is made from the address holding the most unused registrations.
    const y1 = register('y');
    const y2 = register('y');
    expect([x2, x3, y1, y2].map((c) => state.client(c.clientId, 0) !== undefined)).toEqual([false, true, true, true]);
    const z1 = register('z');
    expect([x3, y1, y2, z1].map((c) => state.client(c.clientId, 0) !== undefined)).toEqual([true, false, true, true]);
    expect(register('x', 'q')).toBeDefined();

    // One address's third consent closes its first; when the portal is full, the largest holder's oldest goes.
    const a1 = openConsent(state, 'a', 0, 'p', 'x');
    const a2 = openConsent(state, 'a', 1, 'p', 'x');
    const a3 = openConsent(state, 'a', 2, 'p', 'x');
    expect([a1, a2, a3].map((c) => state.consent(c.id, 3) !== undefined)).toEqual([false, true, true]);
    const b1 = openConsent(state, 'a', 3, 'p', 'y');
    const b2 = openConsent(state, 'a', 4, 'p', 'y');
    const c1 = openConsent(state, 'a', 5, 'p', 'z');
    expect([a2, a3, b1, b2, c1].map((c) => state.consent(c.id, 6) !== undefined)).toEqual([
      false,
      true,
      true,
      true,
      true,
    ]);
    // Another portal's consents are not touched by this one's.
    const other = state.openConsent({ ...a1, portal: 'q' }, 6);
    openConsent(state, 'd', 7, 'p', 'w');
    expect(state.consent(other.id, 8)).toBeDefined();

    // Expired consents are swept as others open.
    const fresh = openConsent(state, 'e', CONSENT_MS + 10);
    expect(state.consent(a3.id, CONSENT_MS + 10)).toBeUndefined();
    expect(state.consent(fresh.id, CONSENT_MS + 10)).toBeDefined();
  });

  it('D-OAUTH-BOUNDS the crowding attacks at full scale: 10,000 registrations and 10,001 consents from strangers', () => {
    const state = new OAuthState();
    const waiting = state.openConsent(
      {
        clientId: 'admin-client',
        portal: 'p',
        from: 'admin',
        redirectUri: REDIRECT,
        redirectUriGiven: true,
        codeChallenge: 'c'.repeat(43),
        resource: 'r',
      },
      0,
    );
    // At another portal, and at the administrator's own portal, from 100 addresses (fewer than the portal has room for).
    for (let i = 0; i < 10_000; i++)
      state.registerClient({ portal: i % 2 ? 'q' : 'p', redirectUris: [REDIRECT], issuedAt: 0 }, `s${i % 100}`, 0);
    expect(state.registerClient({ portal: 'p', redirectUris: [REDIRECT], issuedAt: 0 }, 'admin', 0)).toBeDefined();
    for (let i = 0; i < 10_001; i++) openConsent(state, 'admin-client', 1, i % 2 ? 'q' : 'p', `s${i % 100}`);
    expect(state.consent(waiting.id, 2)).toBeDefined();
  });

  it('D-OAUTH-BOUNDS an unused registration expires after a day and gives its room back; a used one stays', () => {
    const state = new OAuthState({ clientsPerPortal: 2 });
    const register = (now: number) =>
      state.registerClient({ portal: 'p', redirectUris: [REDIRECT], issuedAt: 0 }, 'x', now);
    const unused = register(0)!;
    const used = register(0)!;
    state.issueCode(openConsent(state, used.clientId, 0), 'admin-key', 0);
    const day = DAY_MS;
    expect(state.client(unused.clientId, day - 1)).toBeDefined();
    expect(state.client(used.clientId, 10 * day)).toBeDefined();
    expect(state.client(unused.clientId, day)).toBeUndefined();
    expect(register(day)).toBeDefined();
  });

  it('D-OAUTH-BOUNDS a portal whose every registration is in use refuses another', () => {
    const state = new OAuthState({ clientsPerPortal: 2 });
    for (let i = 0; i < 2; i++) {
      const client = state.registerClient({ portal: 'p', redirectUris: [REDIRECT], issuedAt: 0 }, `a${i}`, 0)!;
      state.issueCode(openConsent(state, client.clientId, 0), 'admin-key', 0);
    }
    expect(state.registerClient({ portal: 'p', redirectUris: [REDIRECT], issuedAt: 0 }, 'b', 0)).toBeUndefined();
  });

  it('D-CLIENT-ADDRESS wrong keys are counted per portal and address in a sliding window', () => {
    const state = new OAuthState();
    for (let i = 0; i < 10; i++) {
      expect(state.wrongKeys.waitSeconds('p', 'x', i * 1000)).toBeUndefined();
      state.wrongKeys.record('p', 'x', i * 1000);
    }
    expect(state.wrongKeys.waitSeconds('p', 'x', 10_000)).toBe(590);
    expect(state.wrongKeys.waitSeconds('p', 'y', 10_000)).toBeUndefined();
    expect(state.wrongKeys.waitSeconds('q', 'x', 10_000)).toBeUndefined();
    expect(state.wrongKeys.waitSeconds('p', 'x', 600_000)).toBeUndefined();
  });

  it('D-OAUTH-MEMORY a restart on the same data file forgets the registered clients', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fp-oauth-state-'));
    const file = join(dir, 'data.db');
    const authorize = (base: string, clientId: string) =>
      fetch(
        `${base}/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, code_challenge: s256('v'.repeat(43)), code_challenge_method: 'S256' })}`,
        { redirect: 'manual' },
      );
    try {
      const first = await startServer({ port: 0, data: file });
      const reg = await fetch(`${first.url}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: [REDIRECT], client_name: 'Agent' }),
      });
      expect(reg.status).toBe(201);
      const { client_id: clientId } = (await reg.json()) as { client_id: string };
      expect((await authorize(first.url, clientId)).status).toBe(200);
      await first.close();

      const second = await startServer({ port: 0, data: file });
      const refused = await authorize(second.url, clientId);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        error: 'invalid_request',
        error_description: 'The client_id is not registered with this portal.',
      });
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
