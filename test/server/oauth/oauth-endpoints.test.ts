import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s256 } from '../../support/pkce.js';
import { ADMIN_KEY, EXPIRED_KEY, OTHER_KEY, READONLY_KEY } from '../../support/fixture-seed.js';
import { startTestServer, type TestResponse, type TestServer } from '../../support/test-server.js';

let server: TestServer;
let clock = new Date('2026-06-01T00:00:00Z');
const later = (ms: number) => (clock = new Date(clock.getTime() + ms));

const REDIRECT = 'http://127.0.0.1:9/callback';
const VERIFIER = 'v'.repeat(43);
const CHALLENGE = s256(VERIFIER);

beforeAll(async () => {
  server = await startTestServer(undefined, { now: () => clock });
});
afterAll(() => server.close());

const form = (fields: Record<string, string | string[]>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) p.append(k, x);
  return p.toString();
};

function post(
  path: string,
  fields: Record<string, string | string[]>,
  headers: Record<string, string> = {},
  host?: string,
): Promise<TestResponse> {
  return server.request('POST', path, {
    token: null,
    rawBody: form(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    host,
  });
}

async function register(body: Record<string, unknown> = {}, host?: string): Promise<string> {
  const res = await server.request('POST', '/oauth/register', {
    token: null,
    body: { redirect_uris: [REDIRECT], client_name: 'Agent', ...body },
    host,
  });
  expect(res.status).toBe(201);
  return res.body.client_id;
}

function authorizeQuery(clientId: string, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    state: 'st-1',
    scope: 'mcp',
    ...extra,
  });
  return `/oauth/authorize?${q}`;
}

const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)![1];

async function consentPage(clientId: string, host?: string) {
  const page = await server.request('GET', authorizeQuery(clientId), { token: null, host });
  expect(page.status).toBe(200);
  return {
    page,
    consentId: hidden(page.text, 'consent_id'),
    csrf: hidden(page.text, 'csrf_token'),
    cookie: page.headers.get('set-cookie')!.split(';')[0],
  };
}

async function approve(clientId: string, apiKey = ADMIN_KEY, host?: string): Promise<string> {
  const c = await consentPage(clientId, host);
  const res = await post(
    '/oauth/authorize',
    { consent_id: c.consentId, csrf_token: c.csrf, api_key: apiKey, action: 'approve' },
    { cookie: c.cookie },
    host,
  );
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!).searchParams.get('code')!;
}

const exchange = (clientId: string, code: string, extra: Record<string, string> = {}, host?: string) =>
  post(
    '/oauth/token',
    {
      grant_type: 'authorization_code',
      client_id: clientId,
      code,
      code_verifier: VERIFIER,
      redirect_uri: REDIRECT,
      ...extra,
    },
    {},
    host,
  );

function mcp(token: string | null, host?: string, headers: Record<string, string> = {}) {
  return server.request('POST', '/mcp', {
    token,
    host,
    headers: { accept: 'application/json, text/event-stream', ...headers },
    body: {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    },
  });
}

const origin = () => server.url;

describe('metadata', () => {
  it('R-MCP-METADATA RFC 8414 authorization-server metadata', async () => {
    const res = await server.request('GET', '/.well-known/oauth-authorization-server', { token: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      issuer: origin(),
      authorization_endpoint: `${origin()}/oauth/authorize`,
      token_endpoint: `${origin()}/oauth/token`,
      registration_endpoint: `${origin()}/oauth/register`,
      scopes_supported: ['mcp'],
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['none'],
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
    });
  });

  it('R-MCP-METADATA RFC 9728 protected-resource metadata, also at the path-suffixed address', async () => {
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
      const res = await server.request('GET', path, { token: null });
      expect(res.body).toEqual({
        resource: `${origin()}/mcp`,
        authorization_servers: [origin()],
        scopes_supported: ['mcp'],
        bearer_methods_supported: ['header'],
        resource_name: 'Feedback portal MCP server',
      });
    }
  });

  it('D-OAUTH-TOKEN browser-based clients may fetch metadata, register and token (CORS), not the consent page', async () => {
    const preflight = await server.request('OPTIONS', '/oauth/token', {
      token: null,
      headers: { origin: 'http://localhost:6274', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type, mcp-protocol-version');
    const token = await post('/oauth/token', { grant_type: 'refresh_token' });
    expect(token.headers.get('access-control-allow-origin')).toBe('*');
    expect((await server.request('OPTIONS', '/oauth/authorize', { token: null })).status).toBe(405);
    const page = await consentPage(await register());
    expect(page.page.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('another verb is 405 with Allow', async () => {
    const res = await server.request('POST', '/.well-known/oauth-authorization-server', { token: null, body: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect(res.body).toEqual({
      error: 'invalid_request',
      error_description: 'The POST method is not supported here. Supported methods: GET.',
    });
  });
});

describe('POST /oauth/register (RFC 7591)', () => {
  it('D-OAUTH-REGISTRATION registers a public client', async () => {
    const res = await server.request('POST', '/oauth/register', {
      token: null,
      body: { redirect_uris: [REDIRECT], client_name: 'Agent' },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      client_id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      client_id_issued_at: Math.floor(clock.getTime() / 1000),
      client_name: 'Agent',
      redirect_uris: [REDIRECT],
      application_type: 'web',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: 'mcp',
    });
  });

  it('D-OAUTH-REGISTRATION records application_type (native for an app on the device)', async () => {
    const res = await server.request('POST', '/oauth/register', {
      token: null,
      body: { redirect_uris: [REDIRECT], application_type: 'native' },
    });
    expect(res.status).toBe(201);
    expect(res.body.application_type).toBe('native');
  });

  it('D-OAUTH-NATIVE a native application may use a private-use scheme named after a reversed domain; web may not', async () => {
    const uri = 'com.example.agent:/oauth/callback';
    const native = await server.request('POST', '/oauth/register', {
      token: null,
      body: { redirect_uris: [uri], application_type: 'native' },
    });
    expect(native.status).toBe(201);
    expect(native.body.redirect_uris).toEqual([uri]);
    const web = await server.request('POST', '/oauth/register', { token: null, body: { redirect_uris: [uri] } });
    expect(web.body).toEqual({
      error: 'invalid_redirect_uri',
      error_description: `The redirect URI ${uri} must use https, or http on a loopback address.`,
    });
    // A scheme without a domain (javascript:, data:, myapp:) is no private-use scheme.
    const bare = await server.request('POST', '/oauth/register', {
      token: null,
      body: { redirect_uris: ['myapp:/cb'], application_type: 'native' },
    });
    expect(bare.body.error_description).toBe(
      'The redirect URI myapp:/cb must use https, http on a loopback address, or a private-use scheme named after a reversed domain (com.example.app:/callback).',
    );
  });

  it.each([
    [{}, 'invalid_redirect_uri', 'redirect_uris must be a non-empty array of URLs.'],
    [{ redirect_uris: [] }, 'invalid_redirect_uri', 'redirect_uris must be a non-empty array of URLs.'],
    [{ redirect_uris: ['/relative'] }, 'invalid_redirect_uri', 'The redirect URI /relative is not an absolute URL.'],
    [
      { redirect_uris: ['http://evil.example/cb'] },
      'invalid_redirect_uri',
      'The redirect URI http://evil.example/cb must use https, or http on a loopback address.',
    ],
    [
      { redirect_uris: ['https://app.example/cb#x'] },
      'invalid_redirect_uri',
      'The redirect URI https://app.example/cb#x must not have a fragment.',
    ],
    [
      { redirect_uris: [REDIRECT], token_endpoint_auth_method: 'client_secret_basic' },
      'invalid_client_metadata',
      'Only public clients are registered: token_endpoint_auth_method must be none.',
    ],
    [
      { redirect_uris: [REDIRECT], grant_types: ['implicit'] },
      'invalid_client_metadata',
      'grant_types implicit is not supported; supported: authorization_code, refresh_token.',
    ],
    [
      { redirect_uris: [REDIRECT], response_types: ['token'] },
      'invalid_client_metadata',
      'response_types token is not supported; supported: code.',
    ],
    [{ redirect_uris: [REDIRECT], scope: 'admin' }, 'invalid_client_metadata', 'scope must be mcp.'],
    [
      { redirect_uris: [REDIRECT], application_type: 'desktop' },
      'invalid_client_metadata',
      'application_type must be web or native.',
    ],
  ])('D-OAUTH-REGISTRATION refuses %j with %s', async (body, error, description) => {
    const res = await server.request('POST', '/oauth/register', { token: null, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error, error_description: description });
  });

  it('D-OAUTH-REGISTRATION refuses a body that is not a JSON object', async () => {
    const notJson = await server.request('POST', '/oauth/register', {
      token: null,
      rawBody: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.body).toEqual({
      error: 'invalid_client_metadata',
      error_description: 'The registration request is not valid JSON.',
    });
    const asForm = await post('/oauth/register', { redirect_uris: REDIRECT });
    expect(asForm.body).toEqual({
      error: 'invalid_client_metadata',
      error_description: 'The registration request must be application/json.',
    });
  });
});

describe('GET /oauth/authorize', () => {
  it('D-OAUTH-CONSENT shows the consent page with its protections', async () => {
    const clientId = await register();
    const { page, cookie, csrf } = await consentPage(clientId);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(cookie).toBe(`${page.headers.get('set-cookie')!.split('=')[0]}=${csrf}`);
    expect(page.headers.get('set-cookie')).toMatch(
      /; Path=\/oauth\/authorize; HttpOnly; SameSite=Strict; Max-Age=600$/,
    );
    expect(page.text).toContain('<strong id="portal">Test Portal</strong>');
  });

  it('D-OAUTH-CONSENT escapes everything it echoes', async () => {
    const clientId = await register({ client_name: '<script>alert("x")</script>&\'' });
    const { page } = await consentPage(clientId);
    expect(page.text).not.toContain('<script>');
    expect(page.text).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;');
  });

  it.each([
    [
      'no client_id',
      (id: string) => authorizeQuery(id).replace(/client_id=[^&]+&/, ''),
      'The client_id parameter is missing.',
    ],
    ['an unknown client', () => authorizeQuery('nobody'), 'The client_id is not registered with this portal.'],
    [
      'a repeated client_id',
      (id: string) => `${authorizeQuery(id)}&client_id=${id}`,
      'The client_id parameter is repeated.',
    ],
    [
      'an unregistered redirect URI',
      (id: string) => authorizeQuery(id, { redirect_uri: 'https://evil.example/cb' }),
      'The redirect_uri does not match a registered redirect URI.',
    ],
    [
      'a redirect URI that differs by a slash',
      (id: string) => authorizeQuery(id, { redirect_uri: `${REDIRECT}/` }),
      'The redirect_uri does not match a registered redirect URI.',
    ],
    [
      'a repeated redirect_uri',
      (id: string) => `${authorizeQuery(id)}&redirect_uri=${encodeURIComponent(REDIRECT)}`,
      'The redirect_uri parameter is repeated.',
    ],
  ])('never redirects for %s: 400 invalid_request', async (_what, query, description) => {
    const clientId = await register();
    const res = await server.request('GET', query(clientId), { token: null });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(res.body).toEqual({ error: 'invalid_request', error_description: description });
  });

  it('D-OAUTH-PER-PORTAL refuses a client registered with another portal', async () => {
    const otherClient = await register({}, 'other.localhost');
    const res = await server.request('GET', authorizeQuery(otherClient), { token: null });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'invalid_request',
      error_description: 'The client_id is not registered with this portal.',
    });
  });

  it.each([
    [{ response_type: 'token' }, 'unsupported_response_type', 'Only response_type code is supported.', 'st-1'],
    [{ code_challenge_method: 'plain' }, 'invalid_request', 'The code_challenge_method must be S256.', 'st-1'],
    [{ code_challenge_method: '' }, 'invalid_request', 'The code_challenge_method must be S256.', 'st-1'],
    [{ code_challenge: '' }, 'invalid_request', 'PKCE is required: the code_challenge parameter is missing.', 'st-1'],
    [{ code_challenge: 'short' }, 'invalid_request', 'The code_challenge is not a valid S256 challenge.', 'st-1'],
    [{ scope: 'mcp admin' }, 'invalid_scope', 'The only scope is mcp.', 'st-1'],
    [{ resource: 'https://elsewhere.example/mcp' }, 'invalid_target', 'The resource must be RESOURCE.', 'st-1'],
  ])('D-OAUTH-AUTHORIZE redirects %j back with %s', async (extra, error, description, state) => {
    const clientId = await register();
    const res = await server.request('GET', authorizeQuery(clientId, extra), { token: null });
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!);
    expect(`${to.origin}${to.pathname}`).toBe(REDIRECT);
    expect(Object.fromEntries(to.searchParams)).toEqual({
      error,
      error_description: description.replace('RESOURCE', `${origin()}/mcp`),
      state,
      iss: origin(),
    });
  });

  it('D-OAUTH-AUTHORIZE a repeated parameter after the client is verified is redirected as invalid_request', async () => {
    const clientId = await register();
    const res = await server.request('GET', `${authorizeQuery(clientId)}&code_challenge=${CHALLENGE}`, { token: null });
    expect(Object.fromEntries(new URL(res.headers.get('location')!).searchParams)).toEqual({
      error: 'invalid_request',
      error_description: 'The code_challenge parameter is repeated.',
      state: 'st-1',
      iss: origin(),
    });
  });
});

describe('POST /oauth/authorize (the consent form)', () => {
  it('D-OAUTH-CONSENT approves with an administrator key: code and state at the exact redirect URI', async () => {
    const clientId = await register();
    const c = await consentPage(clientId);
    const res = await post(
      '/oauth/authorize',
      { consent_id: c.consentId, csrf_token: c.csrf, api_key: ADMIN_KEY, action: 'approve' },
      { cookie: c.cookie },
    );
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!);
    expect(`${to.origin}${to.pathname}`).toBe(REDIRECT);
    expect([...to.searchParams.keys()]).toEqual(['code', 'state', 'iss']);
    expect(to.searchParams.get('iss')).toBe(origin());
    expect(to.searchParams.get('state')).toBe('st-1');
    // The consent is answered once.
    const again = await post(
      '/oauth/authorize',
      { consent_id: c.consentId, csrf_token: c.csrf, api_key: ADMIN_KEY, action: 'approve' },
      { cookie: c.cookie },
    );
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      error: 'invalid_request',
      error_description: 'The authorization request is unknown or has expired; start again from the client.',
    });
  });

  it('D-OAUTH-CONSENT deny sends access_denied', async () => {
    const clientId = await register();
    const c = await consentPage(clientId);
    const res = await post(
      '/oauth/authorize',
      { consent_id: c.consentId, csrf_token: c.csrf, action: 'deny' },
      { cookie: c.cookie },
    );
    expect(Object.fromEntries(new URL(res.headers.get('location')!).searchParams)).toEqual({
      error: 'access_denied',
      error_description: 'The administrator denied access.',
      state: 'st-1',
      iss: origin(),
    });
  });

  it.each([
    ['a read-only key', READONLY_KEY],
    ['an expired key', EXPIRED_KEY],
    ["another portal's key", OTHER_KEY],
    ['an unknown key', 'guess'],
  ])('refuses %s on the page itself (401), the request stays open', async (_what, key) => {
    const clientId = await register();
    const c = await consentPage(clientId);
    const res = await post(
      '/oauth/authorize',
      { consent_id: c.consentId, csrf_token: c.csrf, api_key: key, action: 'approve' },
      { cookie: c.cookie },
    );
    expect(res.status).toBe(401);
    expect(res.headers.get('location')).toBeNull();
    expect(res.text).toContain(
      '<p class="problem" role="alert">That key is not an administrator key of this portal: it is unknown, read-only or expired.</p>',
    );
    const retry = await post(
      '/oauth/authorize',
      { consent_id: c.consentId, csrf_token: c.csrf, api_key: ADMIN_KEY, action: 'approve' },
      { cookie: c.cookie },
    );
    expect(retry.status).toBe(302);
  });

  it('D-OAUTH-CONSENT closes the consent after five refused keys: access_denied', async () => {
    const clientId = await register();
    const c = await consentPage(clientId);
    const attempt = () =>
      post(
        '/oauth/authorize',
        { consent_id: c.consentId, csrf_token: c.csrf, api_key: 'guess', action: 'approve' },
        { cookie: c.cookie },
      );
    for (let i = 0; i < 4; i++) expect((await attempt()).status).toBe(401);
    const fifth = await attempt();
    expect(fifth.status).toBe(302);
    expect(Object.fromEntries(new URL(fifth.headers.get('location')!).searchParams)).toEqual({
      error: 'access_denied',
      error_description: 'Too many refused keys.',
      state: 'st-1',
      iss: origin(),
    });
    expect((await attempt()).status).toBe(400);
  });

  it.each([
    ['a wrong anti-CSRF token', (c: { csrf: string; cookie: string }) => ({ token: 'forged', cookie: c.cookie })],
    ['no anti-CSRF cookie', (c: { csrf: string; cookie: string }) => ({ token: c.csrf, cookie: '' })],
    [
      'a cookie of another value',
      (c: { csrf: string; cookie: string }) => ({ token: c.csrf, cookie: c.cookie.replace(/=.*/, '=forged') }),
    ],
  ])('refuses %s (403)', async (_what, tamper) => {
    const clientId = await register();
    const c = await consentPage(clientId);
    const t = tamper(c);
    const res = await post(
      '/oauth/authorize',
      { consent_id: c.consentId, csrf_token: t.token, api_key: ADMIN_KEY, action: 'approve' },
      t.cookie ? { cookie: t.cookie } : {},
    );
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: 'invalid_request',
      error_description: 'The consent form was not sent from the consent page of this browser.',
    });
  });

  it('refuses a consent opened at another portal, a missing field, a repeated field, a JSON body', async () => {
    const clientId = await register();
    const c = await consentPage(clientId);
    const atB = await post(
      '/oauth/authorize',
      { consent_id: c.consentId, csrf_token: c.csrf, api_key: OTHER_KEY, action: 'approve' },
      { cookie: c.cookie },
      'other.localhost',
    );
    expect(atB.body.error_description).toBe(
      'The authorization request is unknown or has expired; start again from the client.',
    );
    const missing = await post('/oauth/authorize', { consent_id: c.consentId }, { cookie: c.cookie });
    expect(missing.body).toEqual({
      error: 'invalid_request',
      error_description: 'The csrf_token parameter is missing.',
    });
    const repeated = await post('/oauth/authorize', { consent_id: [c.consentId, c.consentId] }, { cookie: c.cookie });
    expect(repeated.body).toEqual({
      error: 'invalid_request',
      error_description: 'The consent_id parameter is repeated.',
    });
    const json = await server.request('POST', '/oauth/authorize', { token: null, body: { consent_id: c.consentId } });
    expect(json.body).toEqual({
      error: 'invalid_request',
      error_description: 'The request body must be application/x-www-form-urlencoded.',
    });
  });

  it('D-OAUTH-LIFETIMES an expired consent is refused', async () => {
    const clientId = await register();
    const c = await consentPage(clientId);
    later(10 * 60_000 + 1);
    const res = await post(
      '/oauth/authorize',
      { consent_id: c.consentId, csrf_token: c.csrf, api_key: ADMIN_KEY, action: 'approve' },
      { cookie: c.cookie },
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
  });
});

describe('POST /oauth/token', () => {
  it('D-OAUTH-LIFETIMES exchanges a code once: tokens, then invalid_grant and the tokens revoked', async () => {
    const clientId = await register();
    const code = await approve(clientId);
    const first = await exchange(clientId, code);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: expect.any(String),
      scope: 'mcp',
    });
    expect((await mcp(first.body.access_token)).status).toBe(200);

    const reused = await exchange(clientId, code);
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({
      error: 'invalid_grant',
      error_description: 'The authorization code was already used; the tokens issued for it are revoked.',
    });
    const after = await mcp(first.body.access_token);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: 'invalid_token', error_description: 'The access token has been revoked.' });
  });

  it.each([
    [{ code_verifier: 'w'.repeat(43) }, 400, 'invalid_grant', 'The code_verifier does not match the code_challenge.'],
    [
      { code_verifier: 'short' },
      400,
      'invalid_request',
      'The code_verifier must be 43-128 characters of A-Z, a-z, 0-9, "-", ".", "_", "~".',
    ],
    [{ code_verifier: '' }, 400, 'invalid_request', 'The code_verifier parameter is missing.'],
    [
      { redirect_uri: 'http://127.0.0.1:9/other' },
      400,
      'invalid_grant',
      'The redirect_uri does not match the one of the authorization request.',
    ],
    [
      { redirect_uri: '' },
      400,
      'invalid_grant',
      'The redirect_uri does not match the one of the authorization request.',
    ],
    [{ code: 'made-up' }, 400, 'invalid_grant', 'The authorization code is invalid.'],
    [
      { grant_type: 'password' },
      400,
      'unsupported_grant_type',
      'The grant_type must be authorization_code or refresh_token.',
    ],
    [{ grant_type: '' }, 400, 'invalid_request', 'The grant_type parameter is missing.'],
    [{ client_id: 'nobody' }, 401, 'invalid_client', 'The client_id is not registered with this portal.'],
    [{ scope: 'admin' }, 400, 'invalid_scope', 'The only scope is mcp.'],
    [{ resource: 'https://elsewhere.example/mcp' }, 400, 'invalid_target', 'The resource must be RESOURCE.'],
  ])('refuses %j: %i %s', async (extra, status, error, description) => {
    const clientId = await register();
    const code = await approve(clientId);
    const res = await exchange(clientId, code, extra);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error, error_description: description.replace('RESOURCE', `${origin()}/mcp`) });
  });

  it('D-OAUTH-TOKEN a code of another client, a repeated parameter, client credentials, a JSON body', async () => {
    const clientId = await register();
    const otherClient = await register();
    const code = await approve(clientId);
    expect((await exchange(otherClient, code)).body).toEqual({
      error: 'invalid_grant',
      error_description: 'The authorization code was issued to another client.',
    });
    const code2 = await approve(clientId);
    expect((await exchange(clientId, code2, { code: [code2, code2] } as never)).body).toEqual({
      error: 'invalid_request',
      error_description: 'The code parameter is repeated.',
    });
    const basic = await post(
      '/oauth/token',
      { grant_type: 'authorization_code', client_id: clientId, code: code2, code_verifier: VERIFIER },
      { authorization: 'Basic eDp5' },
    );
    expect(basic.status).toBe(401);
    expect(basic.body.error).toBe('invalid_client');
    const json = await server.request('POST', '/oauth/token', {
      token: null,
      body: { grant_type: 'authorization_code' },
    });
    expect(json.body).toEqual({
      error: 'invalid_request',
      error_description: 'The request body must be application/x-www-form-urlencoded.',
    });
  });

  it('D-OAUTH-LIFETIMES a code lives 60 seconds', async () => {
    const clientId = await register();
    const code = await approve(clientId);
    later(60_001);
    expect((await exchange(clientId, code)).body).toEqual({
      error: 'invalid_grant',
      error_description: 'The authorization code has expired.',
    });
  });

  it('D-OAUTH-PER-PORTAL a code of portal B is refused at portal A', async () => {
    const clientB = await register({}, 'other.localhost');
    const code = await approve(clientB, OTHER_KEY, 'other.localhost');
    const res = await exchange(clientB, code);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: 'invalid_client',
      error_description: 'The client_id is not registered with this portal.',
    });
  });

  it('D-OAUTH-LIFETIMES R-MCP-OAUTH refresh rotates; an access token expires after an hour; a replayed refresh token revokes the family', async () => {
    const clientId = await register();
    const tokens = (await exchange(clientId, await approve(clientId))).body;
    later(60 * 60_000);
    const expired = await mcp(tokens.access_token);
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toBe(
      `Bearer error="invalid_token", error_description="The access token has expired.", resource_metadata="${origin()}/.well-known/oauth-protected-resource"`,
    );
    const refreshed = await post('/oauth/token', {
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(tokens.refresh_token);
    expect((await mcp(refreshed.body.access_token)).status).toBe(200);

    const replay = await post('/oauth/token', {
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: tokens.refresh_token,
    });
    expect(replay.body).toEqual({
      error: 'invalid_grant',
      error_description: 'The refresh token was already used; every token of this authorization is revoked.',
    });
    expect((await mcp(refreshed.body.access_token)).body).toEqual({
      error: 'invalid_token',
      error_description: 'The access token has been revoked.',
    });
    const next = await post('/oauth/token', {
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: refreshed.body.refresh_token,
    });
    expect(next.body).toEqual({ error: 'invalid_grant', error_description: 'The refresh token has been revoked.' });
    const unknown = await post('/oauth/token', {
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: 'nope',
    });
    expect(unknown.body).toEqual({ error: 'invalid_grant', error_description: 'The refresh token is invalid.' });
  });
});

describe('/mcp', () => {
  it('D-MCP-BEARER without a token: 401 pointing at the resource metadata', async () => {
    const res = await mcp(null);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${origin()}/.well-known/oauth-protected-resource"`,
    );
    expect(res.body).toEqual({ error: 'invalid_token', error_description: 'An access token is required.' });
  });

  it('D-MCP-BEARER an API key is not an access token; a malformed header is refused', async () => {
    expect((await mcp(ADMIN_KEY)).body).toEqual({
      error: 'invalid_token',
      error_description: 'The access token is invalid.',
    });
    const basic = await server.request('POST', '/mcp', {
      token: null,
      headers: { authorization: 'Basic eDp5' },
      body: {},
    });
    expect(basic.body).toEqual({
      error: 'invalid_token',
      error_description: 'The Authorization header must be Bearer <access token>.',
    });
  });

  it('D-OAUTH-PER-PORTAL a token of portal A at portal B: 401', async () => {
    const clientId = await register();
    const { access_token } = (await exchange(clientId, await approve(clientId))).body;
    const res = await mcp(access_token, 'other.localhost');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: 'invalid_token',
      error_description: 'The access token belongs to another portal.',
    });
  });

  it('D-MCP-AUDIENCE a token is good only at the /mcp URL it was issued for, not at another name of the portal', async () => {
    const clientId = await register();
    const { access_token } = (await exchange(clientId, await approve(clientId))).body;
    expect((await mcp(access_token)).status).toBe(200);
    // localhost names the same portal, but the token's resource is http://127.0.0.1:<port>/mcp.
    const elsewhere = await mcp(access_token, 'localhost');
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="The access token was issued for another resource.", resource_metadata="http://localhost/.well-known/oauth-protected-resource"',
    );
    expect(elsewhere.body).toEqual({
      error: 'invalid_token',
      error_description: 'The access token was issued for another resource.',
    });
  });

  it('D-MCP-BEARER D-MCP-TOOLSETS refuses a foreign Origin and an unknown toolset', async () => {
    const clientId = await register();
    const { access_token } = (await exchange(clientId, await approve(clientId))).body;
    const foreign = await mcp(access_token, undefined, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ message: 'Requests from https://evil.example are not allowed.' });
    const toolsets = await mcp(access_token, undefined, { 'x-mcp-toolsets': 'moderation,bogus' });
    expect(toolsets.status).toBe(400);
    expect(toolsets.body.message).toMatch(/^unknown toolset bogus; known: portal, posts, /);
  });

  it('an unknown path under /oauth is 404', async () => {
    const res = await server.request('GET', '/oauth/nothing', { token: null });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'The route oauth/nothing could not be found.' });
  });
});
