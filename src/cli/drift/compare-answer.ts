import type * as z from 'zod';
import { jsonSchemaOf } from '../../contract/openapi.js';

/** One way an answer differs from the contract, at a field (array positions as `[]`) with one example path. */
export interface Finding {
  /** `data[].status.color`. */
  field: string;
  /** `data[3].status.color`. */
  example: string;
  /** For a mismatch: what the contract says, and what came. */
  expected?: string;
  got?: string;
}

export interface Differences {
  /** Fields the contract does not know. */
  unknown: Finding[];
  /** Fields the contract expects that did not come. */
  missing: Finding[];
  /** Fields of another type or format than the contract's. */
  mismatched: Finding[];
}

type Json = Record<string, unknown>;
type Path = ReadonlyArray<PropertyKey>;

const examplePath = (path: Path) =>
  path.reduce<string>((s, p) => (typeof p === 'number' ? `${s}[${p}]` : s ? `${s}.${String(p)}` : String(p)), '');
const fieldPath = (path: Path) =>
  examplePath(path.map((p) => (typeof p === 'number' ? -1 : p))).replace(/\[-1\]/g, '[]');

/** What a JSON value is, in JSON Schema words. */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * How `answer` differs from the contract's response schema: the zod schema itself says what is
 * missing or of another type (the same check the client makes), and its JSON Schema form says
 * which fields it does not know (the contract's objects take unknown fields without complaint).
 * Each field is named once, with the first place it was seen.
 */
export function compareAnswer(schema: z.ZodType, answer: unknown): Differences {
  const found = {
    unknown: new Map<string, Finding>(),
    missing: new Map<string, Finding>(),
    mismatched: new Map<string, Finding>(),
  };
  const note = (kind: keyof typeof found, path: Path, extra: Partial<Finding> = {}) => {
    const field = fieldPath(path);
    if (!found[kind].has(field)) found[kind].set(field, { field, example: examplePath(path), ...extra });
  };
  const parsed = schema.safeParse(answer, { reportInput: true });
  if (!parsed.success) for (const issue of flatten(parsed.error.issues)) classify(issue, note);
  unknownFields(answer, jsonSchemaOf(schema, 'output'), [], (path) => note('unknown', path));
  return {
    unknown: [...found.unknown.values()],
    missing: [...found.missing.values()],
    mismatched: [...found.mismatched.values()],
  };
}

type Issue = z.core.$ZodIssue;

/** A union's issues are those of the branch that came closest (fewest issues). */
function flatten(issues: readonly Issue[], prefix: Path = []): Issue[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length) {
      const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0];
      return flatten(closest, path);
    }
    return [{ ...issue, path } as Issue];
  });
}

function classify(issue: Issue, note: (kind: 'missing' | 'mismatched', path: Path, extra?: Partial<Finding>) => void) {
  const input = (issue as { input?: unknown }).input;
  if (issue.code === 'invalid_type' && input === undefined) return note('missing', issue.path);
  const expected =
    issue.code === 'invalid_type'
      ? issue.expected
      : issue.code === 'invalid_value'
        ? `one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`
        : issue.code === 'invalid_format'
          ? `${issue.format} format`
          : issue.message;
  const got = issue.code === 'invalid_type' ? jsonType(input) : JSON.stringify(input);
  note('mismatched', issue.path, { expected, got });
}

/** Walks the answer beside the JSON Schema; `onUnknown` hears each property no `properties` names. */
function unknownFields(value: unknown, schema: Json, path: Path, onUnknown: (path: Path) => void): void {
  const branches = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (branches) {
    const branch = closestBranch(value, branches);
    if (branch) unknownFields(value, branch, path, onUnknown);
    return;
  }
  if (Array.isArray(value) && schema.items && typeof schema.items === 'object') {
    value.forEach((item, i) => unknownFields(item, schema.items as Json, [...path, i], onUnknown));
    return;
  }
  const properties = schema.properties as Record<string, Json> | undefined;
  if (!properties || !value || typeof value !== 'object' || Array.isArray(value)) return;
  for (const [key, item] of Object.entries(value)) {
    if (properties[key]) unknownFields(item, properties[key], [...path, key], onUnknown);
    else onUnknown([...path, key]);
  }
}

/** The branch of a union the value most likely meant: of its type, sharing the most property names. */
function closestBranch(value: unknown, branches: Json[]): Json | undefined {
  const type = jsonType(value);
  const fitting = branches.filter((b) => b.type === type || (type === 'integer' && b.type === 'number') || !b.type);
  if (type !== 'object') return fitting[0];
  const shared = (b: Json) => Object.keys(value as object).filter((k) => k in ((b.properties as object) ?? {})).length;
  return [...fitting].sort((a, b) => shared(b) - shared(a))[0];
}
