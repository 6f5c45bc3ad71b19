import { OAuthError } from './oauth-error.js';

export const redirectError = (description: string) => new OAuthError(400, 'invalid_redirect_uri', description);

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** RFC 8252 §7.1: a private-use scheme is a reversed domain name (`com.example.app`). */
const PRIVATE_USE_SCHEME = /^[a-z][a-z0-9+-]*(?:\.[a-z0-9+-]+)+:$/i;

/**
 * A redirect URI a public client may register: absolute, no fragment, https, or
 * http on a loopback address (RFC 8252 §7.3); a `native` application may also use
 * a private-use scheme (RFC 8252 §7.1). Compared exactly later on.
 */
export function checkRedirectUri(value: unknown, applicationType: unknown = 'web'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000)
    throw redirectError('Each redirect URI must be a non-empty string.');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw redirectError(`The redirect URI ${value} is not an absolute URL.`);
  }
  if (url.hash || value.includes('#')) throw redirectError(`The redirect URI ${value} must not have a fragment.`);
  if (url.username || url.password) throw redirectError(`The redirect URI ${value} must not carry credentials.`);
  const loopbackHttp = url.protocol === 'http:' && LOOPBACK.test(url.hostname);
  const privateUse = applicationType === 'native' && PRIVATE_USE_SCHEME.test(url.protocol);
  if (url.protocol !== 'https:' && !loopbackHttp && !privateUse) {
    throw redirectError(
      applicationType === 'native'
        ? `The redirect URI ${value} must use https, http on a loopback address, or a private-use scheme named after a reversed domain (com.example.app:/callback).`
        : `The redirect URI ${value} must use https, or http on a loopback address.`,
    );
  }
  return value;
}
