import { BLANK_CLASS } from '../../contract/validation.js';

/**
 * The hosted service's global input middleware (Laravel's TrimStrings and
 * ConvertEmptyStringsToNull), applied to JSON bodies, form fields and query
 * strings before validation: every string is trimmed of whitespace (also
 * Unicode spaces, the BOM and zero-width spaces), and a string left empty
 * becomes null. So `"  Bugs "` is stored as `Bugs` and `"   "` fails `required`.
 */
export function normalizeInput<T>(value: T): Normalized<T> {
  return normalize(value) as Normalized<T>;
}

type Normalized<T> = T extends string ? string | null : T extends object ? { [K in keyof T]: Normalized<T[K]> } : T;

const EDGE_SPACE = new RegExp(`^[${BLANK_CLASS}]+|[${BLANK_CLASS}]+$`, 'gu');

function normalize(value: unknown): unknown {
  if (typeof value === 'string') {
    const trimmed = value.replace(EDGE_SPACE, '');
    return trimmed === '' ? null : trimmed;
  }
  if (Array.isArray(value)) return value.map(normalize);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      // defineProperty, so that a `__proto__` key stays an ordinary field
      Object.defineProperty(out, key, {
        value: normalize(inner),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}
