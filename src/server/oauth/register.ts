import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_JSON_DEPTH, nestsDeeperThan, readBody } from '../http/read-body.js';
import { OAuthError, sendOAuthJson } from './oauth-error.js';
import type { OAuthState } from './oauth-state.js';
import { SCOPE } from './metadata.js';
import { clientAddress } from '../http/client-address.js';
import { checkRedirectUri, redirectError } from './redirect-uri.js';

const BODY_LIMIT = 16 * 1024;
const metadataError = (description: string) => new OAuthError(400, 'invalid_client_metadata', description);
async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (type !== 'application/json') throw metadataError('The registration request must be application/json.');
  const text = (
    await readBody(
      req,
      BODY_LIMIT,
      () =>
        new OAuthError(413, 'invalid_client_metadata', `The request body must not be larger than ${BODY_LIMIT} bytes.`),
    )
  ).toString('utf8');
  if (nestsDeeperThan(text))
    throw metadataError(`The registration request must not nest deeper than ${MAX_JSON_DEPTH} levels.`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw metadataError('The registration request is not valid JSON.');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw metadataError('The registration request must be a JSON object.');
  return value as Record<string, unknown>;
}

function stringList(
  body: Record<string, unknown>,
  name: string,
  allowed: readonly string[],
  fallback: string[],
): string[] {
  const value = body[name];
  if (value === undefined) return fallback;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    throw metadataError(`${name} must be an array of strings.`);
  const unsupported = (value as string[]).filter((v) => !allowed.includes(v));
  if (unsupported.length)
    throw metadataError(`${name} ${unsupported.join(', ')} is not supported; supported: ${allowed.join(', ')}.`);
  return [...new Set(value as string[])];
}

/** POST /oauth/register: RFC 7591 dynamic registration of a public client of this portal. */
export async function registerClient(
  req: IncomingMessage,
  res: ServerResponse,
  state: OAuthState,
  portal: string,
  now: Date,
): Promise<void> {
  const body = await readJsonObject(req);
  const uris = body.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0)
    throw redirectError('redirect_uris must be a non-empty array of URLs.');
  if (uris.length > 10) throw redirectError('At most 10 redirect URIs may be registered.');

  const method = body.token_endpoint_auth_method ?? 'none';
  if (method !== 'none')
    throw metadataError('Only public clients are registered: token_endpoint_auth_method must be none.');
  const grantTypes = stringList(
    body,
    'grant_types',
    ['authorization_code', 'refresh_token'],
    ['authorization_code', 'refresh_token'],
  );
  const responseTypes = stringList(body, 'response_types', ['code'], ['code']);
  if (body.scope !== undefined && (typeof body.scope !== 'string' || body.scope.split(' ').some((s) => s !== SCOPE))) {
    throw metadataError(`scope must be ${SCOPE}.`);
  }
  const name = body.client_name;
  if (name !== undefined && (typeof name !== 'string' || name.length > 200))
    throw metadataError('client_name must be a string of at most 200 characters.');
  const applicationType = body.application_type ?? 'web';
  if (applicationType !== 'web' && applicationType !== 'native')
    throw metadataError('application_type must be web or native.');
  const redirectUris = [...new Set(uris.map((u) => checkRedirectUri(u, applicationType)))];

  const client = state.registerClient(
    {
      portal,
      redirectUris,
      clientName: name as string | undefined,
      applicationType,
      issuedAt: Math.floor(now.getTime() / 1000),
    },
    clientAddress(req.socket),
    now.getTime(),
  );
  if (!client)
    throw new OAuthError(
      503,
      'temporarily_unavailable',
      'This portal has too many registered clients; unused ones expire a day after they registered.',
    );
  sendOAuthJson(res, 201, {
    client_id: client.clientId,
    client_id_issued_at: client.issuedAt,
    ...(client.clientName !== undefined ? { client_name: client.clientName } : {}),
    redirect_uris: client.redirectUris,
    application_type: client.applicationType,
    grant_types: grantTypes,
    response_types: responseTypes,
    token_endpoint_auth_method: 'none',
    scope: SCOPE,
  });
}
