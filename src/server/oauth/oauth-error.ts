import type { ServerResponse } from 'node:http';
import { sendJson } from '../http/respond.js';

/** An RFC 6749 (or RFC 7591 / RFC 6750) refusal: `{error, error_description}` with its status. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

export const invalidRequest = (description: string) => new OAuthError(400, 'invalid_request', description);

/** Token and registration answers are never cached (RFC 6749 §5.1). */
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' } as const;

/** A JSON answer of the OAuth endpoints: never stored, and readable from any origin. */
export function sendOAuthJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, body, {
    ...NO_STORE,
    // Public clients may run in a browser: these answers carry no cookie and nothing private to the page.
    // `/mcp` has named the origin it allows already (its 401); that stays.
    ...(res.hasHeader('access-control-allow-origin') ? {} : { 'access-control-allow-origin': '*' }),
    ...headers,
  });
}

export function sendOAuthError(res: ServerResponse, err: OAuthError): void {
  sendOAuthJson(res, err.status, { error: err.error, error_description: err.description }, err.headers);
}
