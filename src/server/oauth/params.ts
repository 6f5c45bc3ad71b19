import type { IncomingMessage } from 'node:http';
import { readBody } from '../http/read-body.js';
import { invalidRequest, OAuthError } from './oauth-error.js';

/** Form and query parameters of the OAuth endpoints: each at most once (RFC 6749 §3.1). */
export class OAuthParams {
  constructor(private readonly params: URLSearchParams) {}

  /** The value, or undefined when absent or empty; a repeated parameter is invalid_request. */
  optional(name: string): string | undefined {
    const values = this.params.getAll(name);
    if (values.length > 1) throw invalidRequest(`The ${name} parameter is repeated.`);
    return values[0] === '' ? undefined : values[0];
  }

  required(name: string): string {
    const value = this.optional(name);
    if (value === undefined) throw invalidRequest(`The ${name} parameter is missing.`);
    return value;
  }

  /** A parameter that must be unique without being read yet (checked before anything else is trusted). */
  assertNotRepeated(...names: string[]): void {
    for (const name of names) this.optional(name);
  }
}

const FORM_LIMIT = 16 * 1024;

/** An `application/x-www-form-urlencoded` body, at most `limit` bytes. */
export async function readForm(req: IncomingMessage, limit = FORM_LIMIT): Promise<OAuthParams> {
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    throw invalidRequest('The request body must be application/x-www-form-urlencoded.');
  }
  const body = await readBody(
    req,
    limit,
    () => new OAuthError(413, 'invalid_request', `The request body must not be larger than ${limit} bytes.`),
  );
  return new OAuthParams(new URLSearchParams(body.toString('utf8')));
}
