import { createHash } from 'node:crypto';

/** RFC 7636 §4.2: the S256 challenge of a verifier, BASE64URL(SHA-256(ASCII(verifier))). */
export const s256 = (verifier: string): string => createHash('sha256').update(verifier, 'ascii').digest('base64url');
