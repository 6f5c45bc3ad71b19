import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIFETIME_MS, OAuthState, type ConsentRequest } from '../../../src/server/oauth/oauth-state.js';
import { s256 } from '../../../src/server/oauth/pkce.js';
import { startServer } from '../../../src/server/start-server.js';

const REDIRECT = 'http://127.0.0.1:9/callback';
const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');

function openConsent(state: OAuthState, clientId: string, now = 0) {
  return state.openConsent(
    {
      clientId,
      portal: 'p',
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

  it('D-OAUTH-MEMORY at most 10,000 clients and 10,000 open consents (the oldest gives way); expired ones are swept', () => {
    const state = new OAuthState();
    for (let i = 0; i < 10_000; i++)
      expect(state.registerClient({ portal: 'p', redirectUris: [REDIRECT], issuedAt: 0 })).toBeDefined();
    expect(state.registerClient({ portal: 'p', redirectUris: [REDIRECT], issuedAt: 0 })).toBeUndefined();

    const consents = (state as unknown as { consents: Map<string, ConsentRequest> }).consents;
    const opened = Array.from({ length: 10_000 }, (_, i) => openConsent(state, 'c', i));
    const newest = openConsent(state, 'c', 10_000);
    expect(consents.size).toBe(10_000);
    expect(state.consent(opened[0].id, 10_000)).toBeUndefined();
    expect(state.consent(opened[1].id, 10_000)).toBeDefined();
    expect(state.consent(newest.id, 10_000)).toBeDefined();

    // Those opened at 1..4 have expired by then; the sweep drops exactly them.
    const fresh = openConsent(state, 'c', LIFETIME_MS.consent + 4);
    expect(consents.size).toBe(10_000 - 4 + 1);
    expect(state.consent(opened[4].id, LIFETIME_MS.consent + 4)).toBeUndefined();
    expect(state.consent(opened[5].id, LIFETIME_MS.consent + 4)).toBeDefined();
    expect([...consents.keys()].at(-1)).toBe(fresh.id);
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
