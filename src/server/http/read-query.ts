import { normalizeInput } from './normalize-input.js';

/**
 * Query parameters as strings, repeated names and `name[]` as arrays. A value that
 * is blank once trimmed is left out, as if it had not been sent: `?category=` lists
 * as `/posts` does, and a required parameter sent blank is missing.
 */
export function readQuery(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [rawKey, value] of params) {
    if (normalizeInput(value) === null) continue;
    const isArray = rawKey.endsWith('[]');
    const key = isArray ? rawKey.slice(0, -2) : rawKey;
    const prev = out[key];
    if (prev === undefined) out[key] = isArray ? [value] : value;
    else out[key] = Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}
