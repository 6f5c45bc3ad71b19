import * as z from 'zod';
import { withJsonShape } from './json-shape.js';

/**
 * Request-field builders whose messages are the service's own (Laravel wording),
 * so the server's 422 bodies and the CLI's pre-send checks say the same thing.
 */

/** Laravel counts characters, not UTF-16 units. */
const charLength = (v: string): number => [...v].length;

/** Laravel shows attribute names with spaces for underscores. */
export const attributeName = (field: string): string => field.replace(/_/g, ' ');

/**
 * The characters the service's input middleware trims from both ends of a string
 * (D-INPUT-NORMALISE): JavaScript's `\s`, with the zero-width space, written out so that
 * every regex engine that reads the document's patterns reads the same set.
 */
export const BLANK_CLASS = '\\t\\n\\v\\f\\r \\u00A0\\u1680\\u2000-\\u200B\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF';
const BLANK = `[${BLANK_CLASS}]`;
const NOT_BLANK = `[^${BLANK_CLASS}]`;

/** A pattern of a value the server trims: `core` with any blanks around it. */
const trimmed = (core: string): string => `^${BLANK}*(${core})${BLANK}*$`;

/** A blank string: the server reads it as null, so a nullable field takes it. */
export const BLANK_TEXT = `^${BLANK}*$`;

/** Text of `min` to `max` characters once trimmed (at least one). */
function trimmedLength(min = 1, max?: number): string {
  const upTo = (n: number | undefined) => (n === undefined ? '' : String(n - 2));
  if (max === 1) return NOT_BLANK;
  if (min <= 1) return `${NOT_BLANK}([\\s\\S]{0,${upTo(max)}}${NOT_BLANK})?`;
  return `${NOT_BLANK}[\\s\\S]{${min - 2},${upTo(max)}}${NOT_BLANK}`;
}

/** Any text that is not blank once trimmed. */
export const NOT_BLANK_TEXT = trimmed(trimmedLength());

/** An integer sent as a JSON number or as digits (which the server trims). */
export const INTEGER_OR_DIGITS = {
  anyOf: [
    { type: 'integer', minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
    { type: 'string', pattern: trimmed('[0-9]+') },
  ],
};

/** What the document says of a trimmed text field's length. */
const lengthNote = (min: number | undefined, max: number | undefined): string =>
  `Trimmed; ${min !== undefined && max !== undefined ? `${min}-${max}` : max !== undefined ? `at most ${max}` : `at least ${min ?? 1}`} characters once trimmed.`;

const required = (field: string) => `The ${attributeName(field)} field is required.`;

const typeError = (field: string, what: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null
    ? required(field)
    : `The ${attributeName(field)} field must be ${what}.`;

/**
 * An item of a list field (`name[]`) that may take several forms. Its errors are keyed by
 * the item (`delete_confirmed.2`) and worded for the field, as the other list fields are
 * (D-SYNC-FIELDS): a blank item, null after trimming, is required; any other item that
 * fits no form must be `what`.
 */
export function listItem<const T extends readonly [z.ZodType, ...z.ZodType[]]>(field: string, forms: T, what: string) {
  return z.union(forms, { error: typeError(field, what) });
}

export function requiredString(field: string, opts: { min?: number; max?: number } = {}) {
  let s = z.string({ error: typeError(field, 'a string') });
  if (opts.min !== undefined) {
    const min = opts.min;
    s = s.refine((v) => charLength(v) >= min || v.length === 0, {
      error: `The ${attributeName(field)} field must be at least ${min} characters.`,
      abort: true,
    });
    s = s.refine((v) => v.length > 0, { error: required(field), abort: true });
  } else {
    s = s.refine((v) => v.length > 0, { error: required(field), abort: true });
  }
  if (opts.max !== undefined) {
    const max = opts.max;
    s = s.refine((v) => charLength(v) <= max, {
      error: `The ${attributeName(field)} field must not be greater than ${max} characters.`,
    });
  }
  // The length is of the trimmed text, which only the pattern can say.
  return withJsonShape(s, {
    type: 'string',
    minLength: opts.min ?? 1,
    pattern: trimmed(trimmedLength(opts.min, opts.max)),
    description: lengthNote(opts.min ?? 1, opts.max),
  });
}

/** An optional string: absent or null passes; present must follow the length rules. */
export function optionalString(field: string, opts: { min?: number; max?: number } = {}) {
  let s = z.string({ error: `The ${attributeName(field)} field must be a string.` });
  if (opts.min !== undefined) {
    const min = opts.min;
    s = s.refine((v) => charLength(v) >= min, {
      error: `The ${attributeName(field)} field must be at least ${min} characters.`,
    });
  }
  if (opts.max !== undefined) {
    const max = opts.max;
    s = s.refine((v) => charLength(v) <= max, {
      error: `The ${attributeName(field)} field must not be greater than ${max} characters.`,
    });
  }
  // Blank is null, which this field takes: the pattern admits it.
  const shape = {
    type: 'string',
    pattern: trimmed(`(${trimmedLength(opts.min, opts.max)})?`),
    description: `${lengthNote(opts.min, opts.max)} Blank is null.`,
  };
  return withJsonShape(s, shape).nullish();
}

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export function hexColor(field: string) {
  const s = z
    .string({ error: typeError(field, 'a string') })
    .refine((v) => v.length > 0, { error: required(field), abort: true })
    .refine((v) => HEX_COLOR.test(v), {
      error: `The ${attributeName(field)} field must be a valid hexadecimal color.`,
    });
  return withJsonShape(s, { type: 'string', pattern: trimmed(HEX_COLOR.source.slice(1, -1)) });
}

/**
 * Booleans as the service accepts them: true/false, 0/1 and their string forms.
 * Output is a real boolean.
 */
export function looseBoolean(field: string) {
  const s = z
    .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '0', '1'])], {
      error: `The ${attributeName(field)} field must be true or false.`,
    })
    .transform((v) => v === true || v === 1 || v === 'true' || v === '1');
  return withJsonShape(s, {
    anyOf: [
      { type: 'boolean' },
      { type: 'integer', enum: [0, 1] },
      { type: 'string', pattern: trimmed('true|false|0|1') },
    ],
  }).nullish();
}

export function integerField(field: string, opts: { min?: number; max?: number } = {}) {
  let s = z
    .union(
      [z.number(), z.string().regex(/^-?\d+$/, { error: `The ${attributeName(field)} field must be an integer.` })],
      {
        error: typeError(field, 'an integer'),
      },
    )
    .transform((v) => Number(v))
    .refine((v) => Number.isSafeInteger(v), {
      error: `The ${attributeName(field)} field must be an integer.`,
      abort: true,
    });
  if (opts.min !== undefined && opts.max !== undefined) {
    const { min, max } = opts as { min: number; max: number };
    s = s.refine((v) => v >= min && v <= max, {
      error: `The ${attributeName(field)} field must be between ${min} and ${max}.`,
    });
  } else if (opts.min !== undefined) {
    const min = opts.min;
    s = s.refine((v) => v >= min, { error: `The ${attributeName(field)} field must be at least ${min}.` });
  }
  // Digit strings are accepted too (form fields, query strings); the document names the type.
  return withJsonShape(s, {
    type: 'integer',
    minimum: opts.min ?? -Number.MAX_SAFE_INTEGER,
    maximum: opts.max ?? Number.MAX_SAFE_INTEGER,
  });
}

export const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export function uuidString(field: string) {
  const s = z
    .string({ error: typeError(field, 'a string') })
    .refine((v) => UUID.test(v), { error: `The ${attributeName(field)} field must be a valid UUID.` });
  // Trimmed like any field, so `format: uuid` (which allows no blanks around) would be too strict.
  return withJsonShape(s, { type: 'string', pattern: trimmed(UUID.source.slice(1, -1)) });
}

/** What Laravel's `email` rule lets through, near enough: one `@` with text and no spaces on both sides. */
const EMAIL = /^[^\s@]+@[^\s@]+$/;

export function emailString(field: string) {
  const s = z
    .string({ error: typeError(field, 'a string') })
    .refine((v) => v.length > 0, { error: required(field), abort: true })
    .refine((v) => EMAIL.test(v), { error: `The ${attributeName(field)} field must be a valid email address.` });
  return withJsonShape(s, { type: 'string', pattern: EMAIL.source });
}

export function oneOf<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.enum(values, { error: `The selected ${attributeName(field)} is invalid.` });
}

/**
 * Dates as `YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS[.fraction]]` or ISO 8601 with `Z` or an
 * offset, as one pattern that holds only real calendar dates (years 0001-9999, the days
 * of each month, 29 February of leap years), times of a day (00:00 to 23:59:59) and
 * offsets up to ±14:59. Laravel's `date` rule refuses `2025-02-30` rather than roll it
 * forward; so does this pattern, which the document carries as it is.
 */
const YEAR = '(000[1-9]|00[1-9][0-9]|0[1-9][0-9]{2}|[1-9][0-9]{3})';
const MONTH_DAY = '((0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])|(0[13-9]|1[0-2])-(29|30)|(0[13578]|1[02])-31)';
const LEAP_YEAR = '([0-9]{2}(0[48]|[2468][048]|[13579][26])|(0[48]|[2468][048]|[13579][26])00)';
const TIME = '([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\\.[0-9]+)?)?';
const OFFSET = '(Z|[+-](0[0-9]|1[0-4]):?[0-5][0-9])';
// The document carries this pattern's source as it is (docs/openapi.json): its groups stay as written.
// eslint-disable-next-line regexp/no-unused-capturing-group
const DATE_TEXT = new RegExp(`^(${YEAR}-${MONTH_DAY}|${LEAP_YEAR}-02-29)([ T]${TIME}${OFFSET}?)?$`);

export function dateString(field: string) {
  const s = z
    .string({ error: typeError(field, 'a string') })
    .refine((v) => DATE_TEXT.test(v), { error: `The ${attributeName(field)} field must be a valid date.` });
  return withJsonShape(s, { type: 'string', pattern: trimmed(DATE_TEXT.source.slice(1, -1)) });
}

/** The service's 422 body from a zod error: first path segment is the field. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : '_';
    const messages = (errors[field] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return errors;
}

export const VALIDATION_MESSAGE = 'The given data was invalid.';
