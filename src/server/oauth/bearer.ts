import type { IncomingMessage } from 'node:http';
import { resourceMetadataUrl, resourceOf } from './metadata.js';
import { OAuthError } from './oauth-error.js';
import type { Grant } from './oauth-state.js';
import type { OAuthRequest } from './oauth-request.js';

export type BearerContext = OAuthRequest;

/** A 401 that tells the client where to start (RFC 9728 §5.1) and, for a bad token, why (RFC 6750 §3). */
function unauthorized(origin: string, problem?: string): OAuthError {
  const metadata = `resource_metadata="${resourceMetadataUrl(origin)}"`;
  if (!problem) {
    return new OAuthError(401, 'invalid_token', 'An access token is required.', {
      'www-authenticate': `Bearer ${metadata}`,
    });
  }
  return new OAuthError(401, 'invalid_token', problem, {
    'www-authenticate': `Bearer error="invalid_token", error_description="${problem}", ${metadata}`,
  });
}

/** The grant behind `Authorization: Bearer <access token>` on /mcp of this portal. */
export function verifyBearer(req: IncomingMessage, ctx: BearerContext): Grant & { token: string } {
  const header = req.headers.authorization;
  if (header === undefined) throw unauthorized(ctx.origin);
  const match = /^Bearer +([\w\-.~+/]+=*) *$/i.exec(header);
  if (!match) throw unauthorized(ctx.origin, 'The Authorization header must be Bearer <access token>.');
  const record = ctx.state.accessToken(match[1], ctx.now.getTime());
  if (record === 'unknown') throw unauthorized(ctx.origin, 'The access token is invalid.');
  if (record === 'expired') throw unauthorized(ctx.origin, 'The access token has expired.');
  if (record === 'revoked') throw unauthorized(ctx.origin, 'The access token has been revoked.');
  if (record.portal !== ctx.portal) throw unauthorized(ctx.origin, 'The access token belongs to another portal.');
  // The audience (RFC 8707): a token bought for one URL of the portal is not good at another of its names.
  if (record.resource !== resourceOf(ctx.origin))
    throw unauthorized(ctx.origin, 'The access token was issued for another resource.');
  if (!ctx.isAdminKey(record.apiKey))
    throw unauthorized(ctx.origin, 'The administrator key behind this token no longer works.');
  return { ...record, token: match[1] };
}
