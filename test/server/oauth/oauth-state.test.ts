import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LIFETIME_MS, OAuthState, type ConsentRequest } from '../../../src/server/oauth/oauth-state.js';

const REDIRECT = 'http://127.0.0.1:9/callback';
const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');

function openConsent(state: OAuthState, clientId: string, now = 0) {
  return state.openConsent(
    { clientId, portal: 'p', redirectUri: REDIRECT, redirectUriGiven: true, codeChallenge: 'c'.repeat(43), resource: 'http://127.0.0.1/mcp' },
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
    const tokens = state.issueTokens({ clientId: client.clientId, portal: 'p', apiKey: 'admin-key', scope: 'mcp', resource: 'r' }, 0);
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
    for (let i = 0; i < 10_000; i++) expect(state.registerClient({ portal: 'p', redirectUris: [REDIRECT], issuedAt: 0 })).toBeDefined();
    expect(state.registerClient({ portal: 'p', redirectUris: [REDIRECT], issuedAt: 0 })).toBeUndefined();

    // The open consents, filled to the cap directly: opening 10,000 one by one sweeps each time.
    const consents = (state as unknown as { consents: Map<string, ConsentRequest> }).consents;
    const first = openConsent(state, 'c', 0);
    for (let i = 1; i < 10_000; i++) consents.set(`filler-${i}`, { ...first, id: `filler-${i}` });
    const newest = openConsent(state, 'c', 0);
    expect(consents.size).toBe(10_000);
    expect(state.consent(first.id, 0)).toBeUndefined();
    expect(state.consent('filler-1', 0)).toBeDefined();
    expect(state.consent(newest.id, 0)).toBeDefined();

    const later = LIFETIME_MS.consent;
    const fresh = openConsent(state, 'c', later);
    expect([...consents.keys()]).toEqual([fresh.id]);
  });
});
