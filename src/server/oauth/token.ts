import type { IncomingMessage, ServerResponse } from 'node:http';
import { findClient } from './find-client.js';
import { SCOPE } from './metadata.js';
import { invalidRequest, OAuthError, sendOAuthJson } from './oauth-error.js';
import type { Grant, IssuedTokens } from './oauth-state.js';
import { readForm, type OAuthParams } from './params.js';
import { PKCE_VALUE, verifierMatches } from './pkce.js';
import type { FetchingOAuthRequest } from './oauth-request.js';

export type TokenContext = FetchingOAuthRequest;

const invalidGrant = (description: string) => new OAuthError(400, 'invalid_grant', description);

/** Public clients identify with client_id alone; an unknown one, or one of another portal, is invalid_client (401). */
async function clientOf(form: OAuthParams, ctx: TokenContext, req: IncomingMessage) {
  if (req.headers.authorization !== undefined) {
    throw new OAuthError(
      401,
      'invalid_client',
      'Public clients do not authenticate; send client_id without credentials.',
      {
        'www-authenticate': 'Basic realm="oauth"',
      },
    );
  }
  const clientId = form.required('client_id');
  let client;
  try {
    client = await findClient(clientId, ctx);
  } catch (err) {
    // A metadata document's fault, answered as the token endpoint answers client errors.
    if (err instanceof OAuthError && err.error === 'invalid_client')
      throw new OAuthError(401, 'invalid_client', err.description);
    throw err;
  }
  if (!client) throw new OAuthError(401, 'invalid_client', 'The client_id is not registered with this portal.');
  return client;
}

function checkResource(form: OAuthParams, grant: Grant): void {
  const resource = form.optional('resource');
  if (resource !== undefined && resource !== grant.resource) {
    throw new OAuthError(400, 'invalid_target', `The resource must be ${grant.resource}.`);
  }
}

function checkScope(form: OAuthParams): void {
  const scope = form.optional('scope');
  if (scope !== undefined && scope.split(' ').some((s) => s !== SCOPE))
    throw new OAuthError(400, 'invalid_scope', `The only scope is ${SCOPE}.`);
}

function sendTokens(res: ServerResponse, tokens: IssuedTokens): void {
  sendOAuthJson(res, 200, {
    access_token: tokens.accessToken,
    token_type: 'Bearer',
    expires_in: tokens.expiresIn,
    refresh_token: tokens.refreshToken,
    scope: SCOPE,
  });
}

function exchangeCode(form: OAuthParams, ctx: TokenContext, clientId: string, res: ServerResponse): void {
  const code = form.required('code');
  const verifier = form.required('code_verifier');
  const redirectUri = form.optional('redirect_uri');
  checkScope(form);
  const resource = form.optional('resource');
  if (!PKCE_VALUE.test(verifier))
    throw invalidRequest('The code_verifier must be 43-128 characters of A-Z, a-z, 0-9, "-", ".", "_", "~".');
  const now = ctx.now.getTime();
  const record = ctx.state.takeCode(code, now);
  if (record === 'unknown') throw invalidGrant('The authorization code is invalid.');
  if (record === 'reused')
    throw invalidGrant('The authorization code was already used; the tokens issued for it are revoked.');
  if (record === 'expired') throw invalidGrant('The authorization code has expired.');
  if (record.clientId !== clientId || record.portal !== ctx.portal)
    throw invalidGrant('The authorization code was issued to another client.');
  if (record.redirectUriGiven && redirectUri !== record.redirectUri) {
    throw invalidGrant('The redirect_uri does not match the one of the authorization request.');
  }
  if (!record.redirectUriGiven && redirectUri !== undefined && redirectUri !== record.redirectUri) {
    throw invalidGrant('The redirect_uri does not match the registered redirect URI.');
  }
  if (!verifierMatches(verifier, record.codeChallenge))
    throw invalidGrant('The code_verifier does not match the code_challenge.');
  if (resource !== undefined && resource !== record.resource)
    throw new OAuthError(400, 'invalid_target', `The resource must be ${record.resource}.`);
  if (!ctx.isAdminKey(record.apiKey))
    throw invalidGrant('The administrator key behind this authorization no longer works.');
  sendTokens(res, ctx.state.issueTokens(record, now, undefined, record));
}

function refresh(form: OAuthParams, ctx: TokenContext, clientId: string, res: ServerResponse): void {
  const token = form.required('refresh_token');
  checkScope(form);
  const now = ctx.now.getTime();
  const record = ctx.state.takeRefreshToken(token, now);
  if (record === 'unknown') throw invalidGrant('The refresh token is invalid.');
  if (record === 'reused')
    throw invalidGrant('The refresh token was already used; every token of this authorization is revoked.');
  if (record === 'revoked') throw invalidGrant('The refresh token has been revoked.');
  if (record === 'expired') throw invalidGrant('The refresh token has expired.');
  if (record.clientId !== clientId || record.portal !== ctx.portal)
    throw invalidGrant('The refresh token was issued to another client.');
  checkResource(form, record);
  if (!ctx.isAdminKey(record.apiKey))
    throw invalidGrant('The administrator key behind this authorization no longer works.');
  sendTokens(res, ctx.state.issueTokens(record, now, record.family));
}

/** POST /oauth/token: authorization_code (with PKCE) and refresh_token grants. */
export async function issueToken(req: IncomingMessage, res: ServerResponse, ctx: TokenContext): Promise<void> {
  const form = await readForm(req);
  form.assertNotRepeated(
    'grant_type',
    'client_id',
    'code',
    'code_verifier',
    'redirect_uri',
    'refresh_token',
    'scope',
    'resource',
  );
  const grantType = form.required('grant_type');
  if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
    throw new OAuthError(400, 'unsupported_grant_type', 'The grant_type must be authorization_code or refresh_token.');
  }
  const client = await clientOf(form, ctx, req);
  if (grantType === 'authorization_code') exchangeCode(form, ctx, client.clientId, res);
  else refresh(form, ctx, client.clientId, res);
}
