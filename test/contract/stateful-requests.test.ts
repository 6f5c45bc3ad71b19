import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/contract/openapi.js';
import { createContractValidator } from '../support/contract-validator.js';
import {
  evaluate,
  operationsOf,
  pathValueOf,
  resolveRefs,
  valueOf,
  wrongValueOf,
  type Operation,
} from '../support/openapi-requests.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Sequences of requests generated from the OpenAPI document alone, valid and invalid,
 * following its links (an id an answer handed out is used by the operations the link
 * names), sent to the reference server on the demo portal, reset before each sequence.
 * A request the document accepts is accepted, or refused with a 4xx its operation lists
 * that the portal's state explains; one it refuses is refused with a 4xx; every answer
 * matches the document. Deterministic (fixed seed), bounded (sequences × steps).
 */

type Json = Record<string, any>;
const doc = openApiDocument() as Json;
const validator = createContractValidator(doc);
const operations = operationsOf(doc);
const demo = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../seed/demo.json'), 'utf8'));
const KEY = demo.portals[0].api_keys[0].token as string;
const SEQUENCES = 23;
const STEPS = 90;

/**
 * Fields whose 422 depends on what the schema cannot see: the portal's data (a name
 * taken, an unknown id) or the content of an uploaded file (not a ZIP archive).
 */
const STATE_FIELDS: Record<string, string[]> = {
  'categories.create': ['name'],
  'categories.update': ['name'],
  'groups.create': ['name'],
  'groups.update': ['name'],
  'groups.addUser': ['user_id'],
  'groups.removeUser': ['user_id'],
  'comments.create': ['user_id', 'parent_id'],
  'comments.update': ['parent_id'],
  'comments.updateNested': ['parent_id'],
  'posts.list': ['saved_query_id'],
  'posts.create': ['category_id', 'status_id', 'user_id'],
  'posts.update': ['category_id', 'status_id'],
  'knowledgebase.scanLinks': ['tab_id'],
  'knowledgebase.linkResults': ['tab_id'],
  'knowledgebase.export': ['tab_id'],
  'knowledgebase.preview': ['tab_id', 'file'],
  'knowledgebase.execute': ['tab_id', 'file'],
  'statuses.create': ['name', 'tab_id'],
  'statuses.update': ['name', 'tab_id'],
  'tags.create': ['name'],
  'tags.update': ['name'],
  'sections.create': ['tab_id', 'parent_id'],
  'sections.update': ['tab_id', 'parent_id'],
  'users.create': ['email'],
  'users.update': ['email'],
  'users.bulkBlock': ['user_ids.*'],
  'users.bulkUnblock': ['user_ids.*'],
  'users.bulkDelete': ['user_ids.*'],
  'posts.listForTab': ['tab'],
  'posts.search': ['tab'],
  'posts.duplicates': ['tab'],
};

/** `user_ids.3` is the field `user_ids.*` names. */
const names = (pattern: string, field: string) =>
  pattern === field ||
  (pattern.endsWith('.*') && /^\d+$/.test(field.slice(pattern.length - 1)) && field.startsWith(pattern.slice(0, -1)));

type Gen = fc.GeneratorValue;
type Pools = Map<string, unknown[]>;
interface Built {
  target: string;
  path: Json;
  body?: string;
  contentType?: string;
}

function pathAndQuery(g: Gen, { path, op }: Operation, pools: Pools, invalid: string | undefined): Built {
  const values: Json = {};
  const search = new URLSearchParams();
  for (const p of op.parameters ?? []) {
    const wrong = invalid === `${p.in}:${p.name}`;
    if (p.in === 'path') {
      const linked = pools.get(`${op.operationId}:${p.name}`) ?? [];
      values[p.name] = wrong ? g(() => wrongValueOf(p.schema)) : g(() => pathValueOf(p, linked));
    } else if (wrong || p.required || g(fc.boolean)) {
      const value = wrong ? g(() => wrongValueOf(p.schema)) : queryValue(g, p);
      for (const item of [value].flat())
        search.append(p.name, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  const filled = path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(values[name])));
  const qs = search.toString();
  return { target: qs ? `${filled}?${qs}` : filled, path: values };
}

/** A query value: blank now and then (it is absent), the document's example, or any value the schema allows. */
function queryValue(g: Gen, p: Json): unknown {
  const pick = g(fc.nat, 9);
  if (!p.required && pick === 0) return '';
  if (p.example !== undefined && pick <= 3) return p.example;
  return g(() => valueOf(p.schema));
}

function jsonBody(g: Gen, schema: Json, example: unknown, invalid: string | undefined): string {
  const useExample = example !== undefined && g(fc.nat, 3) === 0;
  const value = (useExample ? structuredClone(example) : g(() => valueOf(schema))) as Json;
  if (invalid === 'body:(missing)') for (const name of schema.required ?? []) delete value[name];
  else if (invalid?.startsWith('body:'))
    value[invalid.slice(5)] = g(() => wrongValueOf(schema.properties[invalid.slice(5)]));
  return JSON.stringify(value);
}

async function multipartBody(
  g: Gen,
  media: Json,
  invalid: string | undefined,
): Promise<{ body: string; type: string }> {
  const form = new FormData();
  const file = g(fc.constantFrom, media.example.file, 'not a zip archive');
  form.append('file', new Blob([Buffer.from(file, 'utf8')]), 'archive.zip');
  for (const [name, schema] of Object.entries<Json>(media.schema.properties)) {
    if (name === 'file' || schema.not || invalid === `body:${name}:(missing)`) continue;
    const example = media.example[name];
    const value =
      invalid === `body:${name}`
        ? g(() => wrongValueOf(schema))
        : example !== undefined && g(fc.boolean)
          ? example
          : g(() => valueOf(schema));
    const partName = invalid === `body:${name}:(unbracketed)` ? name.slice(0, -2) : name;
    for (const item of [value].flat())
      form.append(partName, typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()).toString('utf8'),
    type: request.headers.get('content-type')!,
  };
}

/** What an invalid request of the operation gets wrong: one parameter or one body field. */
function invalidTargets(operation: Operation, schema: Json | undefined, multipart: Json | undefined): string[] {
  const targets = (operation.op.parameters ?? []).map((p: Json) => `${p.in}:${p.name}`);
  if (schema) targets.push('body:(missing)', ...Object.keys(schema.properties ?? {}).map((n) => `body:${n}`));
  if (multipart) {
    const parts = Object.entries<Json>(multipart.schema.properties).filter(([n, s]) => n !== 'file' && !s.not);
    for (const [name] of parts) {
      targets.push(
        `body:${name}`,
        `body:${name}:(missing)`,
        ...(name.endsWith('[]') ? [`body:${name}:(unbracketed)`] : []),
      );
    }
  }
  return targets;
}

async function build(g: Gen, operation: Operation, pools: Pools, meant: 'valid' | 'invalid'): Promise<Built> {
  const content = operation.op.requestBody?.content ?? {};
  const schema = content['application/json'] && resolveRefs(doc, content['application/json'].schema);
  // A body of fields is also listed as multipart (D-HTTP-BODY-ENCODINGS); an upload is multipart alone.
  const multipart = schema ? undefined : content['multipart/form-data'];
  const targets = invalidTargets(operation, schema, multipart);
  const invalid = meant === 'invalid' && targets.length ? g(fc.constantFrom, ...targets) : undefined;
  const built = pathAndQuery(g, operation, pools, invalid);
  if (schema) {
    const body = jsonBody(g, schema, content['application/json'].example, invalid);
    return { ...built, body, contentType: 'application/json' };
  }
  if (multipart) {
    const { body, type } = await multipartBody(g, multipart, invalid);
    return { ...built, body, contentType: type };
  }
  return built;
}

/** A refusal of a request the document accepts: one its operation lists, explained by the portal's data. */
function explained(op: Json, status: number, body: Json): boolean {
  const listed = op.responses[String(status)]?.$ref?.split('/').pop();
  if (status < 300) return true;
  if (status === 404 || listed === 'Forbidden' || listed === 'TooManyScans') return Boolean(listed);
  if (status !== 422) return false;
  if (!body.errors) return listed === 'Unprocessable';
  return Object.keys(body.errors).every((field) =>
    (STATE_FIELDS[op['x-tool-name']] ?? []).some((pattern) => names(pattern, field)),
  );
}

const tally = new Map<string, { valid: number; invalid: number; statuses: Map<number, number> }>();

function count(operationId: string, valid: boolean, status: number): void {
  const row = tally.get(operationId) ?? { valid: 0, invalid: 0, statuses: new Map() };
  row[valid ? 'valid' : 'invalid'] += 1;
  row.statuses.set(status, (row.statuses.get(status) ?? 0) + 1);
  tally.set(operationId, row);
}

function follow(op: Json, path: Json, answer: unknown, pools: Pools): void {
  for (const link of Object.values<Json>(op.responses['200'].links ?? {})) {
    for (const [name, expression] of Object.entries<string>(link.parameters)) {
      const value = evaluate(expression, { path }, answer);
      if (value === undefined || value === null) continue;
      const key = `${link.operationId}:${name}`;
      pools.set(key, [...(pools.get(key) ?? []), value]);
    }
  }
}

async function step(g: Gen, server: TestServer, pools: Pools): Promise<void> {
  const operation = operations[g(() => fc.noBias(fc.nat(operations.length - 1)))];
  const { op } = operation;
  const meant = g(fc.constantFrom, 'valid', 'valid', 'valid', 'invalid');
  const { target, path, body, contentType } = await build(g, operation, pools, meant);
  const headers = { connection: 'close', ...(contentType && { 'content-type': contentType }) };
  const res = await server.request(operation.method, target, { token: KEY, rawBody: body, headers });
  const verdict = await validator.validate({
    method: operation.method,
    target,
    requestHeaders: headers,
    requestBody: Buffer.from(body ?? '', 'utf8'),
    requestTruncated: false,
    status: res.status,
    responseHeaders: Object.fromEntries(res.headers),
    responseBody: Buffer.from(res.text),
    responseTruncated: false,
  });
  count(op.operationId, verdict.requestValid, res.status);
  const said = `${operation.method} ${target} ${body?.slice(0, 300) ?? ''} → ${res.status} ${res.text.slice(0, 300)}`;
  expect(verdict.violations, said).toEqual([]);
  if (verdict.requestValid) expect(explained(op, res.status, res.body ?? {}), `valid, refused: ${said}`).toBe(true);
  else expect(res.status, `invalid, not refused: ${said}`).toBeGreaterThanOrEqual(400);
  if (res.status < 300) follow(op, path, res.body, pools);
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(demo);
});
afterAll(async () => {
  await server.close();
  const rows = [...tally].map(([id, { valid, invalid, statuses }]) => {
    const by = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    return `${id.padEnd(28)} ${String(valid + invalid).padStart(4)}  valid ${String(valid).padStart(3)}  invalid ${String(invalid).padStart(3)}  ${by.join(' ')}`;
  });
  const total = [...tally.values()].reduce((n, r) => n + r.valid + r.invalid, 0);
  console.log(`${total} requests generated from the document, per operation:\n${rows.join('\n')}`);
});

describe('stateful requests generated from the OpenAPI document', () => {
  it('D-OPENAPI-STATEFUL valid requests are accepted or refused as the state explains, invalid ones are refused, every answer matches', async () => {
    await fc.assert(
      fc.asyncProperty(fc.gen(), async (g) => {
        const reset = await server.request('POST', '/__reference/reset', { token: KEY });
        expect(reset.status).toBe(200);
        const pools: Pools = new Map();
        for (let i = 0; i < STEPS; i++) await step(g, server, pools);
      }),
      { numRuns: SEQUENCES, seed: 20_251_127, endOnFailure: true },
    );
    const total = [...tally.values()].reduce((n, r) => n + r.valid + r.invalid, 0);
    expect(total).toBeGreaterThanOrEqual(2000);
    expect(tally.size).toBe(operations.length);
  }, 600_000);
});
