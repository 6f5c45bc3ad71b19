import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/contract/openapi.js';
import { createContractValidator } from '../support/contract-validator.js';
import { GROUP_BETA, GROUP_EMPTY } from '../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Requests generated from the document's own schemas (every path, query and body
 * value the document allows) sent to the reference server: each answer must be a
 * status the operation lists, with a body that matches it, and never a 5xx.
 */

type Json = Record<string, any>;
const doc = openApiDocument() as Json;
const validator = createContractValidator(doc);
const RUNS = 25;

/** A value the schema allows. Free text stays short; patterns come from the pattern itself. */
function arbitrary(schema: Json): fc.Arbitrary<unknown> {
  if (schema.anyOf) {
    const base = { ...schema };
    delete base.anyOf;
    return fc.oneof(...schema.anyOf.map((s: Json) => arbitrary({ ...base, ...s })));
  }
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type: string) => arbitrary({ ...schema, type })));
  switch (schema.type) {
    case 'string': {
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? 40, min + 40);
      if (schema.pattern) {
        return fc
          .stringMatching(new RegExp(schema.pattern))
          .filter((s) => [...s].length >= min && [...s].length <= (schema.maxLength ?? Infinity));
      }
      return fc.string({ minLength: min, maxLength: max, unit: 'binary' });
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 100_000 });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitrary(schema.items ?? {}), { maxLength: 3 });
    case 'object': {
      const properties: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, s] of Object.entries<Json>(schema.properties ?? {})) properties[name] = arbitrary(s);
      return fc.record(properties, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.jsonValue();
  }
}

/** Path values: items the fixture seed holds, and any value the schema allows. */
const KNOWN: Record<string, unknown[]> = {
  key: ['dark1', 'sso22', 'pend3', 'kb001'],
  'categories.id': [1, 2, 3],
  'comments.id': [100, 101, 103, 104],
  'references.id': [1],
  'groups.id': [GROUP_BETA, GROUP_EMPTY],
  group: [GROUP_BETA, GROUP_EMPTY],
  'feedback.id': ['fb-1', 'fb-2'],
  identifier: ['pend3', '104', 'dark1'],
  tabId: [3, 1],
};

function pathValue(tag: string, parameter: Json): fc.Arbitrary<unknown> {
  const known = KNOWN[`${tag}.${parameter.name}`] ?? KNOWN[parameter.name];
  const any = arbitrary(parameter.schema).filter((v) => String(v) !== '' && !String(v).includes('/'));
  return known ? fc.oneof(fc.constantFrom(...known), any) : any;
}

interface Generated {
  target: string;
  body?: unknown;
}

function requests(path: string, method: string, op: Json): fc.Arbitrary<Generated> {
  const parameters: Json[] = op.parameters ?? [];
  const tag = op.tags[0];
  const pathParts: Record<string, fc.Arbitrary<unknown>> = Object.fromEntries(
    parameters.filter((p) => p.in === 'path').map((p) => [p.name, pathValue(tag, p)]),
  );
  const queryParts: Record<string, fc.Arbitrary<unknown>> = Object.fromEntries(
    parameters.filter((p) => p.in === 'query').map((p) => [p.name, arbitrary(p.schema)]),
  );
  const required: any[] = parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name);
  const ref: string | undefined = op.requestBody?.content?.['application/json']?.schema?.$ref;
  const body = ref ? doc.components.schemas[ref.split('/').pop()!] : undefined;
  return fc
    .record({
      params: fc.record(pathParts),
      query: fc.record(queryParts, { requiredKeys: required }),
      body: body ? arbitrary(body) : fc.constant(undefined),
    })
    .map(({ params, query, body: value }) => {
      const filled = path.replace(/\{(\w+)\}/g, (_m, name: string) =>
        encodeURIComponent(String((params as Json)[name])),
      );
      const search = new URLSearchParams();
      for (const [name, v] of Object.entries(query)) {
        for (const item of Array.isArray(v) ? v : [v]) search.append(name, String(item));
      }
      const qs = search.toString();
      return { target: qs ? `${filled}?${qs}` : filled, body: value };
    });
}

const operations = Object.entries<Json>(doc.paths).flatMap(([path, item]) =>
  Object.entries<Json>(item)
    // Uploads need a ZIP archive: the sync suites and the acceptance traffic cover them.
    .filter(([, op]) => !op.requestBody?.content?.['multipart/form-data'])
    .map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
);

let server: TestServer;
const tally = { requests: 0, accepted: 0, statuses: new Map<number, number>() };
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  const statuses = [...tally.statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
  console.log(
    `generated: ${tally.requests} requests from the document, ${tally.accepted} answered 2xx (${statuses}), answers checked against the document`,
  );
});

describe('requests generated from the OpenAPI document', () => {
  it.each(operations.map((o) => [o.op.operationId, o] as const))(
    '%s: every answer is a documented status with a matching body',
    async (_id, { path, method, op }) => {
      await fc.assert(
        fc.asyncProperty(requests(path, method, op), async ({ target, body }) => {
          // A fresh connection each time: generating a value can outlast the server's keep-alive.
          const headers = { connection: 'close' };
          const res = await server.request(method, target, body === undefined ? { headers } : { body, headers });
          const verdict = await validator.validate({
            method,
            target,
            requestHeaders: body === undefined ? {} : { 'content-type': 'application/json' },
            requestBody: Buffer.from(body === undefined ? '' : JSON.stringify(body)),
            requestTruncated: false,
            status: res.status,
            responseHeaders: Object.fromEntries(res.headers),
            responseBody: Buffer.from(res.text),
            responseTruncated: false,
          });
          tally.requests += 1;
          tally.statuses.set(res.status, (tally.statuses.get(res.status) ?? 0) + 1);
          if (res.status < 300) tally.accepted += 1;
          expect(verdict.requestValid, `${method} ${target} ${JSON.stringify(body)}`).toBe(true);
          expect(res.status, `${method} ${target} ${JSON.stringify(body)}: ${res.text}`).toBeLessThan(500);
          expect(verdict.violations, `${method} ${target} ${JSON.stringify(body)}`).toEqual([]);
        }),
        { numRuns: RUNS, seed: 20261123 },
      );
    },
    60_000,
  );
});
