import { normalizeInput } from './normalize-input.js';

/**
 * Query parameters as strings, repeated names and `name[]` as arrays. A value that
 * is blank once trimmed is left out, as if it had not been sent: `?category=` lists
 * as `/posts` does, and a required parameter sent blank is missing.
 */
export function readQuery(params: URLSearchParams): Record<string, string | string[]> {
  // A Map, then own properties: a parameter named `__proto__` stays a parameter and never
  // changes the prototype of what the handlers read.
  const out = new Map<string, string | string[]>();
  for (const [rawKey, value] of params) {
    if (normalizeInput(value) === null) continue;
    const isArray = rawKey.endsWith('[]');
    const key = isArray ? rawKey.slice(0, -2) : rawKey;
    const prev = out.get(key);
    if (prev === undefined) out.set(key, isArray ? [value] : value);
    else out.set(key, Array.isArray(prev) ? [...prev, value] : [prev, value]);
  }
  return Object.fromEntries(out);
}
