import fc from 'fast-check';

/**
 * Requests generated from an OpenAPI document alone: values its schemas allow, values
 * they refuse, and path values taken from the document's `links` (ids earlier answers
 * handed out) as well as from the schemas.
 */

type Json = Record<string, any>;

export interface Operation {
  path: string;
  method: string;
  op: Json;
}

/** Every operation of the document, in its order. */
export function operationsOf(doc: Json): Operation[] {
  return Object.entries<Json>(doc.paths).flatMap(([path, item]) =>
    Object.entries<Json>(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
}

/** Resolves `$ref`s to components, recursively, so that a generator sees plain schemas. */
const resolved = new WeakMap<object, unknown>();

export function resolveRefs(doc: Json, node: unknown): any {
  if (!node || typeof node !== 'object') return node;
  if (!resolved.has(node)) resolved.set(node, resolveOnce(doc, node));
  return resolved.get(node);
}

function resolveOnce(doc: Json, node: unknown): any {
  if (Array.isArray(node)) return node.map((n) => resolveRefs(doc, n));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as Json).$ref as string | undefined;
  if (ref)
    return resolveRefs(
      doc,
      ref
        .slice(2)
        .split('/')
        .reduce((n: Json, part) => n[part], doc),
    );
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, resolveRefs(doc, v)]));
}

/** One arbitrary per schema object: building one from a pattern costs far more than drawing from it. */
function memo(build: (schema: Json) => fc.Arbitrary<unknown>): (schema: Json) => fc.Arbitrary<unknown> {
  const built = new WeakMap<Json, fc.Arbitrary<unknown>>();
  return (schema) => {
    let arbitrary = built.get(schema);
    if (!arbitrary) built.set(schema, (arbitrary = build(schema)));
    return arbitrary;
  };
}

/** A value the schema allows. Free text stays short. */
export const valueOf = memo(anyValueOf);

/** A value the schema refuses (most of the time: the document's verdict decides). */
export const wrongValueOf = memo(anyWrongValueOf);

function anyValueOf(schema: Json): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s: Json) => valueOf({ ...schema, anyOf: undefined, ...s })));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type: string) => valueOf({ ...schema, type })));
  switch (schema.type) {
    case 'string':
      if (schema.format === 'binary') return fc.constant('');
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern, 'u'), { size: 'xsmall' });
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: (schema.minLength ?? 0) + 20, unit: 'binary' });
    case 'integer':
      return fc.oneof(
        fc.integer({ min: Math.max(schema.minimum ?? -1000, -1000), max: Math.min(schema.maximum ?? 1000, 1000) }),
        fc.constantFrom(schema.minimum ?? 0, schema.maximum ?? 0),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueOf(schema.items ?? {}), { maxLength: 3 });
    case 'object': {
      const properties: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, s] of Object.entries<Json>(schema.properties ?? {})) properties[name] = valueOf(s);
      return fc.record(properties, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.jsonValue();
  }
}

function anyWrongValueOf(schema: Json): fc.Arbitrary<unknown> {
  const wrong: fc.Arbitrary<unknown>[] = [fc.constant({ x: 1 }), fc.constant([[]]), fc.constant(12.5)];
  if (schema.type === 'integer') {
    wrong.push(
      fc.constantFrom(Number.MAX_SAFE_INTEGER + 1, -Number.MAX_SAFE_INTEGER - 1, 'one', '1.5'),
      ...(schema.minimum > -Number.MAX_SAFE_INTEGER ? [fc.constant(schema.minimum - 1)] : []),
      ...(schema.maximum < Number.MAX_SAFE_INTEGER ? [fc.constant(schema.maximum + 1)] : []),
    );
  }
  if (schema.pattern || schema.enum || schema.format === 'uuid') wrong.push(fc.constantFrom('zz', '%', '2025-02-30'));
  if (schema.minLength) wrong.push(fc.constant(''));
  return fc.oneof(...wrong);
}

/** Path parameter values: ids the links handed out, the document's example, or any value the schema allows. */
export function pathValueOf(parameter: Json, linked: readonly unknown[]): fc.Arbitrary<unknown> {
  const any = valueOf(parameter.schema).filter((v) => String(v) !== '' && !/^\.\.?$|\//.test(String(v)));
  const known = [...linked.slice(-8), ...(parameter.example === undefined ? [] : [parameter.example])];
  return known.length ? fc.oneof(fc.constantFrom(...known), any) : any;
}

/** A runtime expression of a link (`$response.body#/data/id`, `$request.path.key`) or a constant. */
export function evaluate(expression: string, request: { path: Json }, response: unknown): unknown {
  if (expression.startsWith('$request.path.')) return request.path[expression.slice('$request.path.'.length)];
  if (!expression.startsWith('$response.body#')) return expression;
  return expression
    .slice('$response.body#/'.length)
    .split('/')
    .reduce<any>((node, part) => (node === undefined || node === null ? undefined : node[part]), response);
}
