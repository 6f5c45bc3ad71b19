import { s256 } from '../../support/pkce.js';
import { ADMIN_KEY } from '../../support/fixture-seed.js';
import type { TestServer } from '../../support/test-server.js';

const REDIRECT = 'http://127.0.0.1:9/cb';
const VERIFIER = 'z'.repeat(50);

const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  token: null,
  rawBody: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
});

/** An access token of the in-process server's portal, bought over plain HTTP: register, consent, exchange. */
export async function accessToken(server: TestServer, apiKey = ADMIN_KEY): Promise<string> {
  const reg = await server.request('POST', '/oauth/register', { token: null, body: { redirect_uris: [REDIRECT] } });
  const clientId = reg.body.client_id;
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    code_challenge: s256(VERIFIER),
    code_challenge_method: 'S256',
  });
  const page = await server.request('GET', `/oauth/authorize?${q}`, { token: null });
  const hidden = (n: string) => new RegExp(`name="${n}" value="([^"]*)"`).exec(page.text)![1];
  const approved = await server.request(
    'POST',
    '/oauth/authorize',
    form(
      { consent_id: hidden('consent_id'), csrf_token: hidden('csrf_token'), api_key: apiKey, action: 'approve' },
      { cookie: page.headers.get('set-cookie')!.split(';')[0] },
    ),
  );
  const code = new URL(approved.headers.get('location')!).searchParams.get('code')!;
  const tokens = await server.request(
    'POST',
    '/oauth/token',
    form({ grant_type: 'authorization_code', client_id: clientId, code, code_verifier: VERIFIER }),
  );
  return tokens.body.access_token;
}
