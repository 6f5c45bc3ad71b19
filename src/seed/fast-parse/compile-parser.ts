import type * as z from 'zod';

/**
 * A parser compiled from a zod schema that answers a valid document with what
 * zod's own parse would give (defaults filled, unknown keys dropped), without
 * zod's per-value bookkeeping. It knows the kinds a seed is made of (objects,
 * arrays, strings, numbers, booleans, enums, literals, optional, nullable,
 * default) and runs the schema's own checks (lengths, bounds, integers,
 * patterns, refinements) on a reused payload; any other kind of schema is
 * parsed by zod itself. It never reports a problem: on the first value that is
 * not plainly valid it gives up (`INVALID`), and the caller asks zod, which
 * says what is wrong. See parse-seed.bench.mjs for what it saves.
 */
export const INVALID: unique symbol = Symbol('invalid');

type Parse = (value: unknown) => unknown;

/** zod's internals this parser reads: the definition, its checks and traits. */
interface Internals {
  def: {
    type: string;
    checks?: Check[];
    coerce?: boolean;
    format?: string;
    shape?: Record<string, z.ZodType>;
    catchall?: unknown;
    element?: z.ZodType;
    innerType?: z.ZodType;
    defaultValue?: unknown;
  };
  traits: Set<string>;
  values?: Set<unknown>;
}
interface Check {
  _zod: { def: { when?: unknown }; traits: Set<string>; check(payload: Payload): unknown };
}
interface Payload {
  value: unknown;
  issues: unknown[];
}

const internals = (schema: z.ZodType) => (schema as unknown as { _zod: Internals })._zod;

/** Compiles `schema`; the result is INVALID for a value zod would refuse, and maybe for some it takes. */
export function compileParser(schema: z.ZodType): Parse {
  const { def } = internals(schema);
  switch (def.type) {
    case 'object':
      return def.catchall === undefined ? objectParser(def.shape!) : zodParser(schema);
    case 'array':
      return withChecks(schema, arrayParser(compileParser(def.element!)));
    case 'optional':
    case 'nullable':
    case 'default':
      return wrapperParser(schema);
    case 'string':
      return leaf(schema, (v) => typeof v === 'string');
    case 'number':
      return leaf(schema, (v) => typeof v === 'number' && Number.isFinite(v));
    case 'boolean':
      return leaf(schema, (v) => typeof v === 'boolean');
    case 'enum':
    case 'literal': {
      const values = internals(schema).values!;
      return leaf(schema, (v) => values.has(v));
    }
    default:
      return zodParser(schema);
  }
}

/** zod's own parse, for kinds this parser does not know. */
function zodParser(schema: z.ZodType): Parse {
  return (value) => {
    const result = schema.safeParse(value);
    return result.success ? result.data : INVALID;
  };
}

/** A value of a plain kind, then the schema's checks; a schema that checks or converts in ways of its own goes to zod. */
function leaf(schema: z.ZodType, isKind: (value: unknown) => boolean): Parse {
  const { def, traits } = internals(schema);
  if (def.coerce || def.format !== undefined || traits.has('$ZodCheck')) return zodParser(schema);
  return withChecks(schema, (value) => (isKind(value) ? value : INVALID));
}

/** The schema's checks after `parse`, zod's own, run on one reused payload (each only reads the value). */
function withChecks(schema: z.ZodType, parse: Parse): Parse {
  const checks = internals(schema).def.checks ?? [];
  if (checks.length === 0) return parse;
  if (checks.some((c) => c._zod.traits.has('$ZodCheckOverwrite'))) {
    return zodParser(schema);
  }
  const payload: Payload = { value: undefined, issues: [] };
  return (value) => {
    const parsed = parse(value);
    if (parsed === INVALID) return INVALID;
    payload.value = parsed;
    payload.issues.length = 0;
    for (const check of checks) {
      const when = check._zod.def.when as ((p: Payload) => boolean) | undefined;
      if (when && !when(payload)) continue;
      if (check._zod.check(payload) !== undefined || payload.issues.length) return INVALID;
    }
    return parsed;
  };
}

/** Code for one value held in the variable `v` of a generated parser: checked, defaulted, replaced by its parse. */
class Emitter {
  readonly refs: unknown[] = [];

  ref(value: unknown): string {
    this.refs.push(value);
    return `r${this.refs.length - 1}`;
  }

  value(schema: z.ZodType): string {
    const { def } = internals(schema);
    switch (def.type) {
      case 'optional':
        return `if (v !== undefined) { ${this.value(def.innerType!)} }`;
      case 'nullable':
        return `if (v !== null) { ${this.value(def.innerType!)} }`;
      case 'default': {
        // zod's getter hands out a fresh copy of an object or array default: read each time, as zod does.
        const fallback = def.defaultValue;
        const d = typeof fallback === 'object' && fallback !== null ? `${this.ref(def)}.defaultValue` : this.ref(fallback);
        return `if (v === undefined) v = ${d}; else { ${this.value(def.innerType!)} if (v === undefined) v = ${d}; }`;
      }
      case 'string':
      case 'number':
      case 'boolean':
      case 'enum':
      case 'literal':
        if (plainLeaf(schema)) return this.leaf(schema);
    }
    const parse = this.ref(compileParser(schema));
    return `v = ${parse}(v); if (v === INVALID) return INVALID;`;
  }

  private leaf(schema: z.ZodType): string {
    const { def, values } = internals(schema);
    const kind =
      def.type === 'string' || def.type === 'boolean'
        ? `typeof v !== '${def.type}'`
        : def.type === 'number'
          ? `typeof v !== 'number' || !Number.isFinite(v)`
          : `!${this.ref(values)}.has(v)`;
    // As zod runs them: a check with a condition only when it holds.
    const checks = (def.checks ?? [])
      .map((c) => {
        const check = this.ref(c);
        const run = `${check}._zod.check(p) !== undefined`;
        return c._zod.def.when ? `(${check}._zod.def.when(p) && ${run}) ||` : `${run} ||`;
      })
      .join(' ');
    // The payload's issues stay empty while values pass: they are cleared only after a failure.
    return checks
      ? `if (${kind}) return INVALID; p.value = v; if (${checks} p.issues.length) { p.issues.length = 0; return INVALID; }`
      : `if (${kind}) return INVALID;`;
  }
}

/** A leaf whose kind test is plain and whose checks only read the value. */
function plainLeaf(schema: z.ZodType): boolean {
  const { def, traits } = internals(schema);
  if (def.coerce || def.format !== undefined || traits.has('$ZodCheck')) return false;
  return (def.checks ?? []).every((c) => !c._zod.traits.has('$ZodCheckOverwrite'));
}

/** How an object fills a key its input lacks: left out (optional), its default, or not at all (zod says why). */
function absentCode(schema: z.ZodType, key: string, emit: Emitter): string {
  const { type } = internals(schema).def;
  if (type === 'optional') return `if (${key} in input) return INVALID;`;
  if (type === 'default') return `if (${key} in input) return INVALID; v = undefined; ${emit.value(schema)} out[${key}] = v;`;
  return 'return INVALID;';
}

/** An object's parser as the code of one function, so each field's test is its own (inlined) code. */
function objectParser(shape: Record<string, z.ZodType>): Parse {
  const emit = new Emitter();
  const fields = Object.keys(shape).map((name) => {
    const key = JSON.stringify(name);
    return `if (hasOwn.call(input, ${key})) { v = input[${key}]; ${emit.value(shape[name])} out[${key}] = v; } else { ${absentCode(shape[name], key, emit)} }`;
  });
  const body = `
    const p = { value: undefined, issues: [] };
    const hasOwn = Object.prototype.hasOwnProperty;
    ${emit.refs.map((_, i) => `const r${i} = refs[${i}];`).join('\n')}
    return function parse(input) {
      if (typeof input !== 'object' || input === null || Array.isArray(input)) return INVALID;
      const out = {};
      let v;
      ${fields.join('\n')}
      return out;
    };`;
  // The code is made of this schema's own keys (quoted as JSON) and references: no input reaches it.
  return new Function('refs', 'INVALID', body)(emit.refs, INVALID) as Parse;
}

/** optional, nullable or default around another schema: its code, in a function of its own. */
function wrapperParser(schema: z.ZodType): Parse {
  const emit = new Emitter();
  const code = emit.value(schema);
  const body = `${emit.refs.map((_, i) => `const r${i} = refs[${i}];`).join('\n')}
    const p = { value: undefined, issues: [] };
    return function parse(v) { ${code} return v; };`;
  return new Function('refs', 'INVALID', body)(emit.refs, INVALID) as Parse;
}

function arrayParser(element: Parse): Parse {
  return (value) => {
    if (!Array.isArray(value)) return INVALID;
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const parsed = element(value[i]);
      if (parsed === INVALID) return INVALID;
      out[i] = parsed;
    }
    return out;
  };
}
