import { Argument, InvalidArgumentError, Option } from 'commander';
import type { z } from 'zod';
import type { ApiClient } from '../../client/api-client.js';
import type { CachedSource } from '../completion/name-cache.js';
import type { Endpoint } from '../../contract/endpoints.js';
import type { AnyOperationName } from '../../contract/operations.js';
import { attributeName } from '../../contract/validation.js';
import { UsageError } from '../errors.js';
import { withCompletionValues } from '../completion/completion-values.js';

/** Where completion finds values a flag or argument takes besides a fixed list. */
type CompletionSource =
  | 'profiles'
  | 'categories'
  | 'groups'
  | 'tabs'
  | 'kb-tabs'
  | 'statuses'
  | 'tags'
  | 'sections'
  | 'posts'
  | 'users';

/** Keep the names of items read while resolving (a tab list…) for completion. */
export type KeepNames = (source: CachedSource, items: unknown[]) => Promise<void>;

export interface FlagSpec {
  /** commander's flag text: `--limit <n>`, `-y, --yes`, `--no-pin`. */
  flags: string;
  description: string;
  /**
   * The API field (query, body or path parameter of the endpoint) this flag fills: its value is
   * checked with the endpoint's zod schema before anything is sent, and errors name the flag.
   */
  field?: string;
  /**
   * API fields the server's errors name for this flag's value, when it is not sent as a checked
   * `field` (a name resolved to an id, e.g. `--tab` → `tab_id`): the errors name the flag instead.
   */
  errorsFor?: readonly string[];
  /** Check `field` against another operation's schema (a value the command sends in a follow-up request). */
  checkedBy?: AnyOperationName;
  /** Repeatable, and comma-separated values are split. */
  many?: boolean;
  choices?: readonly string[];
  /** Turn the text into a value (given the value so far, for repeatable flags); throw InvalidArgumentError to refuse it. */
  parse?: (value: string, previous: unknown) => unknown;
  default?: unknown;
  required?: boolean;
  /** Values completion offers: a fixed list or where to find them. */
  complete?: readonly string[] | CompletionSource;
  /** What a refused value should have been, for the error: "one of a, b, c". */
  expected?: string;
  /** The value is a secret (a signing secret): an error about it does not repeat it. */
  secret?: boolean;
  /**
   * When the portal refuses this flag's value (a 422 naming its field), what to say instead of
   * its words (`tab 1 (Feedback) is not a knowledge-base tab; …`); undefined keeps them.
   */
  explain?: (value: unknown, client: () => Promise<ApiClient>) => Promise<string | undefined>;
  /** Turn the parsed value into what the run gets, asking the portal when needed (a name → its id), before any confirmation. */
  resolve?: (
    value: unknown,
    client: () => Promise<ApiClient>,
    flag: string,
    keep: KeepNames,
    /** A note for people on stderr (how the name was resolved). */
    say: (line: string) => void,
  ) => Promise<unknown>;
}

export interface ArgSpec {
  /** As shown in help: `post`, `ids...`. */
  name: string;
  description: string;
  optional?: boolean;
  variadic?: boolean;
  choices?: readonly string[];
  field?: string;
  parse?: (value: string) => unknown;
  complete?: readonly string[] | CompletionSource;
}

const splitList = (value: string, previous: unknown): string[] => [
  ...(Array.isArray(previous) ? (previous as string[]) : []),
  ...value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean),
];

export function flagOption(spec: FlagSpec): Option {
  const option = new Option(spec.flags, spec.description);
  if (spec.choices) option.choices(spec.choices);
  if (spec.many) option.argParser(splitList);
  else if (spec.parse) option.argParser(spec.parse);
  if (spec.default !== undefined) option.default(spec.default);
  if (spec.required) option.makeOptionMandatory();
  if (spec.complete) completing(option, spec.complete);
  return option;
}

/** A positional argument as commander takes it (`<post>`, `[ids...]`), with its choices, parser and completion values. */
export function flagArgument(spec: ArgSpec): Argument {
  const label = spec.variadic ? `${spec.name.replace(/\.\.\.$/, '')}...` : spec.name;
  const arg = new Argument(spec.optional ? `[${label}]` : `<${label}>`, spec.description);
  if (spec.choices) arg.choices(spec.choices);
  if (spec.parse) arg.argParser(spec.parse as (value: string, previous: unknown) => unknown);
  if (spec.complete) completing(arg, spec.complete);
  return arg;
}

const completing = (target: Option | Argument, complete: readonly string[] | CompletionSource) =>
  withCompletionValues(
    target,
    Array.isArray(complete) ? complete : [],
    typeof complete === 'string' ? complete : undefined,
  );

/** Where commander keeps a flag's value: `--saved-query` is `savedQuery`, `--no-pin` is `pin`. */
export const flagAttribute = (spec: FlagSpec): string => new Option(spec.flags).attributeName();

/** The flag a user types for an option: `--created-from`. */
export const flagName = (spec: FlagSpec): string =>
  spec.flags.split(/[ ,|]+/).find((p) => p.startsWith('--')) ?? spec.flags;

/** The schema an endpoint gives a field, from its query, body or path parameters. */
export function fieldSchema(endpoint: Endpoint | undefined, field: string): z.ZodType | undefined {
  for (const object of [endpoint?.query, endpoint?.body, endpoint?.params]) {
    const shape = object?.shape as Record<string, z.ZodType> | undefined;
    if (shape?.[field]) return shape[field];
  }
  return undefined;
}

/** An API message about a field, reworded for the flag the user typed: "--limit must be between 1 and 100." */
function forFlag(message: string, field: string, flag: string): string {
  const attr = attributeName(field);
  return message
    .replace(
      new RegExp(`^The selected ${escape(attr)} is invalid\\.?$`, 'i'),
      `${flag} is not one of the accepted values.`,
    )
    .replace(new RegExp(`^The ${escape(attr)} field\\b`, 'i'), flag)
    .replace(new RegExp(`^The ${escape(attr)}\\b`, 'i'), flag);
}

/** "The user id field must be a valid UUID." as "must be a valid UUID." (other texts as they are). */
export function fieldPhrase(message: string, field: string): string {
  const m = new RegExp(`^The ${escape(attributeName(field))} field (.*)$`, 'i').exec(message);
  return m ? m[1] : message;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const numeric = (v: string) => /^-?\d+$/.test(v);

/**
 * Check a flag's text against the endpoint's schema for its field; resolves to the value to send
 * (a number where the schema wants one). Refusals are usage errors naming the flag (and the
 * value, unless it is a secret).
 */
export function checkField(
  schema: z.ZodType,
  raw: unknown,
  field: string,
  flag: string,
  expected?: string,
  secret = false,
): unknown {
  const candidates: unknown[] = [];
  if (Array.isArray(raw) && raw.every((v) => typeof v === 'string' && numeric(v))) candidates.push(raw.map(Number));
  if (typeof raw === 'string' && numeric(raw)) candidates.push(Number(raw));
  if (typeof raw === 'string' && (raw === 'true' || raw === 'false')) candidates.push(raw === 'true');
  candidates.push(raw);
  let firstError: z.ZodError | undefined;
  for (const candidate of candidates) {
    const res = schema.safeParse(candidate);
    if (res.success) return candidate;
    firstError ??= res.error;
  }
  const message = firstError?.issues[0]?.message ?? 'is not valid';
  const shown = secret ? flag : `${flag} "${Array.isArray(raw) ? raw.join(',') : String(raw)}"`;
  if (expected) throw new UsageError(`invalid ${shown}: expected ${expected}`);
  throw new UsageError(
    `invalid ${shown}: ${forFlag(message, field, flag).replace(new RegExp(`^${escape(flag)} `), '')}`,
  );
}

export { InvalidArgumentError };
