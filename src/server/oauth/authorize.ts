import type { IncomingMessage, ServerResponse } from 'node:http';
import { csrfCookieName, sendConsentPage } from './consent-page.js';
import { findClient } from './find-client.js';
import { resourceOf, SCOPE } from './metadata.js';
import { invalidRequest, OAuthError } from './oauth-error.js';
import { MAX_REFUSED_KEYS, type RegisteredClient } from './oauth-state.js';
import type { ConsentRequest } from './pending-consents.js';
import { OAuthParams, readForm } from './params.js';
import { PKCE_VALUE } from './pkce.js';
import type { FetchingOAuthRequest } from './oauth-request.js';

export interface AuthorizeContext extends FetchingOAuthRequest {
  /** The portal's title, for the consent page. */
  portalTitle: string;
  /** The client address of the request (`clientAddress`): wrong keys and open pages are counted per address. */
  from: string;
}

/** An error sent back to the client at its (already verified) redirect URI. */
class RedirectError extends Error {
  constructor(
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

/** Back to the client; `iss` names this authorization server (RFC 9207) against mix-up attacks. */
function redirectTo(
  res: ServerResponse,
  redirectUri: string,
  issuer: string,
  params: Record<string, string | undefined>,
): void {
  const url = new URL(redirectUri);
  params = { ...params, iss: issuer };
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  res.writeHead(302, { location: url.toString(), 'cache-control': 'no-store', 'content-length': 0 });
  res.end();
}

/**
 * The client and redirect URI come first: until both are verified nothing is sent
 * anywhere (RFC 6749 §4.1.2.1), so a forged request cannot redirect the browser.
 */
async function verifiedClient(
  params: OAuthParams,
  ctx: AuthorizeContext,
): Promise<{ client: RegisteredClient; redirectUri: string; given: boolean }> {
  const clientId = params.required('client_id');
  const client = await findClient(clientId, ctx);
  if (!client) throw invalidRequest('The client_id is not registered with this portal.');
  const redirectUri = params.optional('redirect_uri');
  if (redirectUri === undefined) {
    if (client.redirectUris.length !== 1) throw invalidRequest('The redirect_uri parameter is missing.');
    return { client, redirectUri: client.redirectUris[0], given: false };
  }
  if (!client.redirectUris.includes(redirectUri))
    throw invalidRequest('The redirect_uri does not match a registered redirect URI.');
  return { client, redirectUri, given: true };
}

function checkRequest(params: OAuthParams, ctx: AuthorizeContext): { codeChallenge: string; resource: string } {
  const responseType = params.optional('response_type');
  if (responseType === undefined) throw new RedirectError('invalid_request', 'The response_type parameter is missing.');
  if (responseType !== 'code')
    throw new RedirectError('unsupported_response_type', 'Only response_type code is supported.');
  const challenge = params.optional('code_challenge');
  if (challenge === undefined)
    throw new RedirectError('invalid_request', 'PKCE is required: the code_challenge parameter is missing.');
  const method = params.optional('code_challenge_method');
  if (method !== 'S256') throw new RedirectError('invalid_request', 'The code_challenge_method must be S256.');
  if (!PKCE_VALUE.test(challenge))
    throw new RedirectError('invalid_request', 'The code_challenge is not a valid S256 challenge.');
  const scope = params.optional('scope');
  if (scope !== undefined && scope.split(' ').some((s) => s !== SCOPE))
    throw new RedirectError('invalid_scope', `The only scope is ${SCOPE}.`);
  const resource = params.optional('resource') ?? resourceOf(ctx.origin);
  if (resource !== resourceOf(ctx.origin))
    throw new RedirectError('invalid_target', `The resource must be ${resourceOf(ctx.origin)}.`);
  return { codeChallenge: challenge, resource };
}

/** Wrap a redirect-stage parameter error so it goes back to the client. */
function asRedirect<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof OAuthError) throw new RedirectError(err.error, err.description);
    throw err;
  }
}

/** GET /oauth/authorize: check the request, then show the consent page. */
export async function startAuthorization(url: URL, res: ServerResponse, ctx: AuthorizeContext): Promise<void> {
  const params = new OAuthParams(url.searchParams);
  const { client, redirectUri, given } = await verifiedClient(params, ctx);
  let state: string | undefined;
  try {
    state = asRedirect(() => params.optional('state'));
    const checked = asRedirect(() => checkRequest(params, ctx));
    const consent = ctx.state.openConsent(
      {
        clientId: client.clientId,
        portal: ctx.portal,
        from: ctx.from,
        redirectUri,
        redirectUriGiven: given,
        state,
        ...checked,
      },
      ctx.now.getTime(),
    );
    sendConsentPage(res, 200, viewOf(consent, client, ctx));
  } catch (err) {
    if (!(err instanceof RedirectError)) throw err;
    redirectTo(res, redirectUri, ctx.origin, { error: err.error, error_description: err.message, state });
  }
}

function viewOf(consent: ConsentRequest, client: RegisteredClient, ctx: AuthorizeContext, problem?: string) {
  return {
    consentId: consent.id,
    csrf: consent.csrf,
    portalTitle: ctx.portalTitle,
    clientName: client.clientName,
    clientId: client.clientId,
    redirectUri: consent.redirectUri,
    problem,
  };
}

function cookie(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** POST /oauth/authorize: the administrator's answer on the consent page. */
export async function finishAuthorization(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: AuthorizeContext,
): Promise<void> {
  const form = await readForm(req);
  const consentId = form.required('consent_id');
  const consent = ctx.state.consent(consentId, ctx.now.getTime());
  if (!consent || consent.portal !== ctx.portal) {
    throw invalidRequest('The authorization request is unknown or has expired; start again from the client.');
  }
  const csrf = form.required('csrf_token');
  if (csrf !== consent.csrf || cookie(req, csrfCookieName(consent.id)) !== consent.csrf) {
    throw new OAuthError(
      403,
      'invalid_request',
      'The consent form was not sent from the consent page of this browser.',
    );
  }
  const action = form.required('action');
  if (action === 'deny') {
    ctx.state.closeConsent(consent.id);
    redirectTo(res, consent.redirectUri, ctx.origin, {
      error: 'access_denied',
      error_description: 'The administrator denied access.',
      state: consent.state,
    });
    return;
  }
  if (action !== 'approve') throw invalidRequest('The action must be approve or deny.');
  const client = await findClient(consent.clientId, ctx);
  if (!client) throw invalidRequest('The client is no longer registered.');
  const apiKey = form.optional('api_key');
  const now = ctx.now.getTime();
  const wait = apiKey === undefined ? undefined : ctx.state.wrongKeys.waitSeconds(ctx.portal, ctx.from, now);
  if (wait !== undefined) {
    const problem = `Too many wrong keys were typed from this address on this portal's consent pages: try again in ${wait} seconds.`;
    sendConsentPage(res, 429, viewOf(consent, client, ctx, problem), { 'retry-after': String(wait) });
    return;
  }
  if (apiKey === undefined || !ctx.isAdminKey(apiKey)) {
    if (apiKey !== undefined) ctx.state.wrongKeys.record(ctx.portal, ctx.from, now);
    if (apiKey !== undefined && ++consent.refusedKeys >= MAX_REFUSED_KEYS) {
      ctx.state.closeConsent(consent.id);
      redirectTo(res, consent.redirectUri, ctx.origin, {
        error: 'access_denied',
        error_description: 'Too many refused keys.',
        state: consent.state,
      });
      return;
    }
    const problem =
      apiKey === undefined
        ? 'Enter an administrator API key of this portal.'
        : 'That key is not an administrator key of this portal: it is unknown, read-only or expired.';
    sendConsentPage(res, 401, viewOf(consent, client, ctx, problem));
    return;
  }
  ctx.state.closeConsent(consent.id);
  const code = ctx.state.issueCode(consent, apiKey, ctx.now.getTime());
  redirectTo(res, consent.redirectUri, ctx.origin, { code, state: consent.state });
}
