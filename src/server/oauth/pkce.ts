import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636 §4.1: 43-128 characters of the unreserved set. */
export const PKCE_VALUE = /^[\w\-.~]{43,128}$/;

/** The S256 challenge of a verifier: BASE64URL(SHA-256(verifier)). */
function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

export function verifierMatches(verifier: string, challenge: string): boolean {
  const a = Buffer.from(s256(verifier));
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}
