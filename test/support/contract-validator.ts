import busboy from 'busboy';
import { Readable } from 'node:stream';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { lazily } from '../../src/contract/lazily.js';
import { openApiDocument } from '../../src/contract/openapi.js';
import { normalizeInput } from '../../src/server/http/normalize-input.js';
import { hasDotSegment } from '../../src/server/http/dot-segments.js';

/**
 * Checks HTTP exchanges against the OpenAPI document (docs/openapi.json is the
 * same document, a test keeps them equal), with ajv over the document's own
 * JSON Schemas. A request the document refuses must be refused (4xx); a request
 * it accepts may get only the statuses the operation lists; every answer's body
 * must match the schema of its status.
 */

export interface Exchange {
  method: string;
  /** Request target: path and query. */
  target: string;
  requestHeaders: Record<string, string | string[] | undefined>;
  /** The request body as far as it was kept; `truncated` when it was longer. */
  requestBody: Buffer;
  requestTruncated: boolean;
  status: number;
  responseHeaders: Record<string, string | string[] | undefined>;
  responseBody: Buffer;
  responseTruncated: boolean;
}

export interface Verdict {
  /** `METHOD /path` or the operation id. */
  operation: string;
  /** The request conforms to the document. */
  requestValid: boolean;
  violations: string[];
}

type Json = Record<string, any>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

interface Operation {
  id: string;
  pointer: string;
  op: Json;
}

interface PathEntry {
  template: string;
  pattern: RegExp;
  names: string[];
  literals: number;
  item: Json;
}

/** The document describes the API under /api/; /mcp, /oauth and /.well-known have their own suites. */
export const describedByDocument = (target: string): boolean => /^\/api(\/|$|\?)/.test(target);

/**
 * The validator of the OpenAPI document, one per test process: building the document and
 * compiling its schemas costs more than many exchanges do, and every server a test starts
 * (in process or `fp server` behind the contract proxy) is checked against the same document.
 */
export const sharedContractValidator = lazily(() => createContractValidator());

export function createContractValidator(doc: Json = openApiDocument()) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema(doc, 'openapi');
  const compiled = new Map<string, ReturnType<typeof ajv.getSchema>>();
  const check = (pointer: string, value: unknown): string[] => {
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi#${pointer}` });
      compiled.set(pointer, validate);
    }
    if (validate!(value)) return [];
    return (validate!.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message}`);
  };

  const paths: PathEntry[] = Object.entries<Json>(doc.paths).map(([template, item]) => {
    const names: string[] = [];
    const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return {
      template,
      pattern: new RegExp(`^${source}/?$`),
      names,
      literals: template.split('/').filter((s) => s && !s.startsWith('{')).length,
      item,
    };
  });

  const resolve = (node: Json): Json =>
    node.$ref
      ? node.$ref
          .slice(2)
          .split('/')
          .reduce((n: Json, part: string) => n[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc)
      : node;

  /** A `$ref` to components/responses resolved, with its pointer. */
  function response(op: Operation, status: number): { pointer: string; value: Json } | undefined {
    let pointer = `${op.pointer}/responses/${status}`;
    let value = op.op.responses[String(status)];
    if (!value) return undefined;
    if (value.$ref) {
      pointer = value.$ref.slice(1);
      value = pointer
        .split('/')
        .slice(1)
        .reduce((node: Json, part: string) => node[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    }
    return { pointer, value };
  }

  function checkResponseBody(
    op: Operation | undefined,
    status: number,
    ex: Exchange,
    pointer: string | undefined,
  ): string[] {
    const type = header(ex.responseHeaders, 'content-type') ?? '';
    if (status === 200 && type.startsWith('application/zip')) {
      return op && op.op.responses['200'].content['application/zip']
        ? []
        : [`a ZIP answer that the document does not list`];
    }
    if (!type.startsWith('application/json')) return [`content-type ${type || '(none)'} instead of application/json`];
    if (ex.responseTruncated) return [];
    let body: unknown;
    try {
      body = JSON.parse(ex.responseBody.toString('utf8'));
    } catch {
      return ['a response body that is not JSON'];
    }
    if (!pointer) return check('/components/schemas/ErrorBody', body).map((m) => `response ${m}`);
    return check(`${pointer}/content/application~1json/schema`, body).map((m) => `response ${m}`);
  }

  async function checkRequest(
    op: Operation,
    entry: PathEntry,
    match: RegExpExecArray,
    url: URL,
    ex: Exchange,
  ): Promise<string[]> {
    const problems: string[] = [];
    const parameters: Json[] = op.op.parameters ?? [];
    parameters.forEach((p, i) => {
      const pointer = `${op.pointer}/parameters/${i}/schema`;
      let raw: string | string[] | undefined;
      if (p.in === 'path') raw = safeDecode(match[entry.names.indexOf(p.name) + 1]);
      else if (p.in === 'query') {
        const all = url.searchParams.getAll(p.name).concat(url.searchParams.getAll(`${p.name}[]`));
        raw = p.schema.type === 'array' ? (all.length ? all : undefined) : all.length > 1 ? all : all[0];
        raw = present(raw);
      }
      if (raw === undefined) {
        if (p.required) problems.push(`parameter ${p.name} is required`);
        return;
      }
      for (const m of check(pointer, coerce(raw, p.schema)))
        problems.push(`parameter ${p.name}${m.replace(/^\(root\)/, '')}`);
    });
    const body = op.op.requestBody?.content;
    if (!body) return problems;
    const type = header(ex.requestHeaders, 'content-type') ?? '';
    if (body['application/json']) {
      if (ex.requestTruncated) return [...problems, 'a request body too large to check'];
      const text = ex.requestBody.toString('utf8');
      let value: unknown = {};
      const multipart = type.startsWith('multipart/form-data');
      if (type.startsWith('application/x-www-form-urlencoded') || multipart) {
        // The server reads the body's fields from a form too, as text (D-HTTP-BODY-ENCODINGS),
        // checked against the form's own schema (a list as `name[]` fields).
        const media = multipart ? 'multipart/form-data' : 'application/x-www-form-urlencoded';
        const schema = resolve(body[media].schema);
        const fields = multipart
          ? await readForm(ex.requestBody, type).catch((err: Error) => err)
          : gather(new URLSearchParams(text));
        if (fields instanceof Error) return [...problems, `a malformed multipart body (${fields.message})`];
        const form: Json = {};
        for (const [name, v] of Object.entries(fields)) {
          const given = present(v);
          if (given !== undefined) form[name] = coerce(given, schema.properties?.[name] ?? {});
        }
        const pointer = `${op.pointer}/requestBody/content/${media.replace('/', '~1')}/schema`;
        return [...problems, ...check(pointer, form).map((m) => `body ${m}`)];
      } else if (!/^(application\/json|[^;]*\+json)?\s*(;|$)/i.test(type)) {
        return [...problems, `content-type ${type}: not an encoding the document lists`];
      } else if (text.trim() !== '') {
        try {
          value = JSON.parse(text);
        } catch {
          return [...problems, 'a request body that is not JSON'];
        }
      }
      const pointer = `${op.pointer}/requestBody/content/application~1json/schema`;
      return [...problems, ...check(pointer, value).map((m) => `body ${m}`)];
    }
    if (body['multipart/form-data']) {
      if (!type.startsWith('multipart/form-data'))
        return [...problems, `content-type ${type || '(none)'} instead of multipart/form-data`];
      if (ex.requestTruncated) return problems;
      const fields = await readForm(ex.requestBody, type).catch((err: Error) => err);
      if (fields instanceof Error) return [...problems, `a malformed multipart body (${fields.message})`];
      const schema = body['multipart/form-data'].schema;
      const form: Json = {};
      for (const [name, value] of Object.entries(fields)) {
        const given = present(value);
        if (given !== undefined) form[name] = coerce(given, schema.properties[name] ?? {});
      }
      const pointer = `${op.pointer}/requestBody/content/multipart~1form-data/schema`;
      return [...problems, ...check(pointer, form).map((m) => `form ${m}`)];
    }
    return problems;
  }

  /** Every violation of one exchange (none when it conforms). */
  async function validate(ex: Exchange): Promise<Verdict> {
    const url = new URL(ex.target, 'http://localhost');
    const method = ex.method.toLowerCase();
    // A URL resolves a path's dot segments; the server does not: such a path names no route.
    const matches = (hasDotSegment(ex.target) ? [] : paths).flatMap((entry) => {
      const m = entry.pattern.exec(url.pathname);
      return m ? [{ entry, m }] : [];
    });
    const most = Math.max(...matches.map(({ entry }) => entry.literals));
    const candidates = matches.filter(({ entry }) => entry.literals === most);
    const found = candidates.find(({ entry }) => entry.item[method]);
    const label = `${ex.method} ${url.pathname}`;

    if (!found) {
      const allowed = candidates.flatMap(({ entry }) =>
        METHODS.filter((m) => entry.item[m]).map((m) => m.toUpperCase()),
      );
      const violations: string[] = [];
      if (allowed.length) {
        if (ex.status !== 405) violations.push(`a verb the path does not take answered ${ex.status}, not 405`);
        const allow = (header(ex.responseHeaders, 'allow') ?? '').split(/,\s*/).sort();
        if (allow.join() !== [...new Set(allowed)].sort().join())
          violations.push(`Allow: ${allow.join(', ')} instead of ${allowed.join(', ')}`);
      } else if (ex.status !== 404) violations.push(`an unknown path answered ${ex.status}, not 404`);
      violations.push(...checkResponseBody(undefined, ex.status, ex, undefined));
      return { operation: label, requestValid: false, violations };
    }

    const { entry, m } = found;
    const op: Operation = {
      id: entry.item[method].operationId,
      pointer: `/paths/${escape(entry.template)}/${method}`,
      op: entry.item[method],
    };
    const requestProblems = await checkRequest(op, entry, m, url, ex);
    const violations: string[] = [];
    const documented = response(op, ex.status);
    if (!documented) violations.push(`status ${ex.status} is not documented for ${op.id}`);
    if (requestProblems.length && ex.status < 400) {
      violations.push(
        `the document refuses the request (${requestProblems.join('; ')}) but the server answered ${ex.status}`,
      );
    }
    violations.push(...checkResponseBody(op, ex.status, ex, documented?.pointer));
    return { operation: op.id, requestValid: requestProblems.length === 0, violations };
  }

  return { validate };
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * Query strings and form fields as the server reads them: trimmed, and an empty
 * value is no value (the service's input middleware, D-INPUT-NORMALISE).
 */
function present(value: string | string[] | undefined): string | string[] | undefined {
  if (value === undefined) return undefined;
  const normal = normalizeInput(value);
  if (Array.isArray(normal)) {
    const kept = normal.filter((v): v is string => v !== null);
    return kept.length ? kept : undefined;
  }
  return normal ?? undefined;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Query strings and form fields are text: digits become the integers a schema asks for (also as one of its choices). */
function coerce(value: string | string[], schema: Json): unknown {
  if (Array.isArray(value)) return value.map((v) => coerce(v, schema.type === 'array' ? (schema.items ?? {}) : schema));
  const types = [schema.type ?? [], ...((schema.anyOf as Json[] | undefined) ?? []).map((s) => s.type ?? [])].flat();
  if (schema.type === 'array') return [coerce(value, schema.items ?? {})];
  if (types.includes('integer') && /^-?\d+$/.test(value)) return Number(value);
  return value;
}

function addField(fields: Record<string, string | string[]>, name: string, value: string): void {
  if (name.endsWith('[]')) fields[name] = [...((fields[name] as string[] | undefined) ?? []), value];
  else fields[name] = value;
}

/** Fields of a urlencoded form, as `readForm` gathers a multipart body's. */
function gather(params: URLSearchParams): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of params) addField(fields, name, value);
  return fields;
}

/**
 * Form fields of a multipart body by part name; `name[]` parts gather into an array (the
 * document names the list `name[]`), the file part is a string.
 */
function readForm(body: Buffer, contentType: string): Promise<Record<string, string | string[]>> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string | string[]> = {};
    const add = (name: string, value: string) => addField(fields, name, value);
    const parser = busboy({ headers: { 'content-type': contentType } });
    parser.on('field', (name, value) => add(name, value));
    parser.on('file', (name, stream) => {
      stream.resume();
      add(name, '(binary)');
    });
    parser.on('error', reject);
    parser.on('close', () => resolve(fields));
    Readable.from([body]).pipe(parser);
  });
}
