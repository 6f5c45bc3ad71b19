import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { approveInBrowser } from '../mcp/oauth-browser.js';
import { ADMIN_KEY } from '../support/fixture-seed.js';
import { startFpServer, type FpServer } from '../support/run-fp.js';

/**
 * oauth4webapi 3.8.9 (panva's certified OAuth 2 / OpenID client, strict about every
 * RFC it implements) through the whole flow against `fp server`: protected-resource
 * discovery (RFC 9728), authorization-server metadata (RFC 8414), dynamic registration
 * (RFC 7591), authorization code with PKCE (S256) and a resource indicator (RFC 8707),
 * a call of /mcp with the access token, and refresh with rotation. Plain http is the
 * loopback rehearsal's, so each call allows it.
 */
const insecure = { [oauth.allowInsecureRequests]: true } as const;

vi.setConfig({ testTimeout: 60_000 });

let server: FpServer;
beforeAll(async () => {
  server = await startFpServer();
});
afterAll(() => server.stop());

/** An MCP initialize request: a call that needs the token. */
async function initialize(accessToken: string, resource: URL): Promise<Response> {
  const headers = new Headers({ 'content-type': 'application/json', accept: 'application/json, text/event-stream' });
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'oauth4webapi-test', version: '1' },
    },
  });
  return oauth.protectedResourceRequest(accessToken, 'POST', resource, headers, body, insecure);
}

describe('oauth4webapi 3.8.9 against fp server', () => {
  it('discovers, registers, authorizes with PKCE, calls /mcp, refreshes (rotating) with no complaint', async () => {
    const resource = new URL(`${server.url}/mcp`);
    const rs = await oauth.processResourceDiscoveryResponse(
      resource,
      await oauth.resourceDiscoveryRequest(resource, insecure),
    );
    expect(rs.resource).toBe(resource.href);
    const issuer = new URL(rs.authorization_servers![0]);
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
    );
    expect(as.code_challenge_methods_supported).toContain('S256');

    const redirectUri = 'http://127.0.0.1:9/callback';
    const client = await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(
        as,
        {
          client_name: 'oauth4webapi interop',
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          token_endpoint_auth_method: 'none',
          scope: 'mcp',
        },
        insecure,
      ),
    );

    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint!);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: redirectUri,
      scope: 'mcp',
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      resource: resource.href,
    }).toString();
    const callback = await approveInBrowser(url, server.url, ADMIN_KEY);
    const params = oauth.validateAuthResponse(as, client, callback, state);

    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, redirectUri, verifier, {
        additionalParameters: { resource: resource.href },
        ...insecure,
      }),
    );
    expect(tokens).toMatchObject({ token_type: 'bearer', scope: 'mcp' });
    expect(tokens.refresh_token).toBeTruthy();
    expect((await initialize(tokens.access_token, resource)).status).toBe(200);

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure),
    );
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await initialize(refreshed.access_token, resource)).status).toBe(200);

    // The spent refresh token is refused the RFC 6749 way, which oauth4webapi reports as such.
    const replay = oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure),
    );
    await expect(replay).rejects.toMatchObject({ error: 'invalid_grant' });
    // A refused token comes back as a Bearer challenge oauth4webapi parses (RFC 6750).
    const refused = await initialize('not-a-token', resource).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    const [challenge] = (refused as oauth.WWWAuthenticateChallengeError).cause;
    expect(challenge).toMatchObject({ scheme: 'bearer', parameters: { error: 'invalid_token' } });
  });
});
