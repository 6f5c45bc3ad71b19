import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, LIFETIME_MS, OAuthState } from '../../../src/server/oauth/oauth-state.js';
import { s256 } from '../../../src/server/oauth/pkce.js';
import { startServer } from '../../../src/server/start-server.js';

const REDIRECT = 'http://127.0.0.1:9/callback';
const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');

function openConsent(state: OAuthState, clientId: string, now = 0, portal = 'p') {
  return state.openConsent(
    {
      clientId,
      portal,
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
    const client = state.registerClient({ portal: 'p', redirectUris: [REDIRECT], issuedAt: 0 })!;
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

  it('D-OAUTH-MEMORY D-OAUTH-BOUNDS registrations and open consents are bounded per portal and per client; expired ones are swept', () => {
    const state = new OAuthState({
      ...DEFAULT_LIMITS,
      clientsPerPortal: 3,
      consentsPerPortal: 4,
      consentsPerClient: 2,
    });
    for (let i = 0; i < 3; i++)
      expect(state.registerClient({ portal: 'p', redirectUris: [REDIRECT], issuedAt: 0 }, 0)).toBeDefined();
    expect(state.registerClient({ portal: 'p', redirectUris: [REDIRECT], issuedAt: 0 }, 0)).toBeUndefined();
    expect(state.registerClient({ portal: 'q', redirectUris: [REDIRECT], issuedAt: 0 }, 0)).toBeDefined();

    // One client's third consent closes its first; the portal's fifth closes the portal's oldest.
    const a1 = openConsent(state, 'a', 0);
    const a2 = openConsent(state, 'a', 1);
    const a3 = openConsent(state, 'a', 2);
    expect([a1, a2, a3].map((c) => state.consent(c.id, 3) !== undefined)).toEqual([false, true, true]);
    const b1 = openConsent(state, 'b', 3);
    const b2 = openConsent(state, 'b', 4);
    const c1 = openConsent(state, 'c', 5);
    expect([a2, a3, b1, b2, c1].map((c) => state.consent(c.id, 6) !== undefined)).toEqual([
      false,
      true,
      true,
      true,
      true,
    ]);
    // Another portal's consents are not touched by this one's.
    const other = state.openConsent({ ...a1, portal: 'q' }, 6);
    openConsent(state, 'd', 7);
    expect(state.consent(other.id, 8)).toBeDefined();

    // Expired consents are swept as others open.
    const fresh = openConsent(state, 'e', LIFETIME_MS.consent + 10);
    expect(state.consent(a3.id, LIFETIME_MS.consent + 10)).toBeUndefined();
    expect(state.consent(fresh.id, LIFETIME_MS.consent + 10)).toBeDefined();
  });

  it('D-OAUTH-BOUNDS the two crowding attacks at full scale: 10,000 registrations and 10,001 consents at portal q', () => {
    const state = new OAuthState();
    const waiting = state.openConsent(
      {
        clientId: 'admin-client',
        portal: 'p',
        redirectUri: REDIRECT,
        redirectUriGiven: true,
        codeChallenge: 'c'.repeat(43),
        resource: 'r',
      },
      0,
    );
    for (let i = 0; i < 10_000; i++) state.registerClient({ portal: 'q', redirectUris: [REDIRECT], issuedAt: 0 }, 0);
    expect(state.registerClient({ portal: 'p', redirectUris: [REDIRECT], issuedAt: 0 }, 0)).toBeDefined();
    for (let i = 0; i < 10_001; i++) openConsent(state, `stranger-${i % 600}`, 1, 'q');
    expect(state.consent(waiting.id, 2)).toBeDefined();
  });

  it('D-OAUTH-BOUNDS an unused registration expires after a day and gives its room back; a used one stays', () => {
    const state = new OAuthState({ ...DEFAULT_LIMITS, clientsPerPortal: 2 });
    const unused = state.registerClient({ portal: 'p', redirectUris: [REDIRECT], issuedAt: 0 }, 0)!;
    const used = state.registerClient({ portal: 'p', redirectUris: [REDIRECT], issuedAt: 0 }, 0)!;
    state.issueCode(openConsent(state, used.clientId, 0), 'admin-key', 0);
    const day = DEFAULT_LIMITS.unusedClientMs;
    expect(state.client(unused.clientId, day - 1)).toBeDefined();
    expect(state.registerClient({ portal: 'p', redirectUris: [REDIRECT], issuedAt: 0 }, day - 1)).toBeUndefined();
    expect(state.registerClient({ portal: 'p', redirectUris: [REDIRECT], issuedAt: 0 }, day)).toBeDefined();
    expect(state.client(unused.clientId, day)).toBeUndefined();
    expect(state.client(used.clientId, 10 * day)).toBeDefined();
  });

  it('D-OAUTH-BOUNDS wrong keys are counted per portal in a sliding window', () => {
    const state = new OAuthState();
    for (let i = 0; i < 10; i++) {
      expect(state.wrongKeys.waitSeconds('p', i * 1000)).toBeUndefined();
      state.wrongKeys.record('p', i * 1000);
    }
    expect(state.wrongKeys.waitSeconds('p', 10_000)).toBe(590);
    expect(state.wrongKeys.waitSeconds('q', 10_000)).toBeUndefined();
    expect(state.wrongKeys.waitSeconds('p', 600_000)).toBeUndefined();
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
