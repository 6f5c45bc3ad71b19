import { request } from 'node:http';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/contract/openapi.js';
import { demoSeed } from '../../src/server/store/seeding/demo-seed.js';
import type { SeedFile } from '../../src/seed-file/seed-file.js';
import { createContractValidator } from '../support/contract-validator.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * The document says what the server takes and answers, where a schema-driven fuzzer
 * (Schemathesis) found them apart: fields the document closed that the server ignores,
 * a blank `page` typed integer that the server takes as absent, a path with a dot segment
 * resolved to another route (405), and form and multipart bodies the server reads that the
 * document did not list. Each kind is sent here as such a fuzzer sends it.
 */

type Json = Record<string, any>;
const doc = openApiDocument() as Json;
const validator = createContractValidator(doc);
const KEY = 'acme-admin';
const ajv = new Ajv2020({ strict: false });

const resolve = (schema: Json): Json =>
  schema.$ref ? resolve(doc.components.schemas[schema.$ref.split('/').pop()]) : schema;

const operations = Object.entries<Json>(doc.paths).flatMap(([path, item]) =>
  Object.entries<Json>(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
);

interface Answer {
  status: number;
  body: any;
  violations: string[];
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(demoSeed() as unknown as SeedFile);
});
afterAll(() => server.close());

/** One exchange as sent (node:http leaves a path's dot segments as they are), checked against the document. */
function send(method: string, target: string, body?: { type: string; bytes: Buffer }): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${KEY}`, accept: 'application/json' };
  if (body) Object.assign(headers, { 'content-type': body.type, 'content-length': String(body.bytes.length) });
  const { hostname, port } = new URL(server.url);
  return new Promise((resolvePromise, reject) => {
    const req = request({ host: hostname, port, method, path: target, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', async () => {
        const text = Buffer.concat(chunks);
        const verdict = await validator.validate({
          method,
          target,
          requestHeaders: headers,
          requestBody: body?.bytes ?? Buffer.alloc(0),
          requestTruncated: false,
          status: res.statusCode!,
          responseHeaders: res.headers,
          responseBody: text,
          responseTruncated: false,
        });
        let parsed: unknown;
        try {
          parsed = JSON.parse(text.toString('utf8'));
        } catch {
          parsed = undefined;
        }
        resolvePromise({ status: res.statusCode!, body: parsed, violations: verdict.violations });
      });
    });
    req.on('error', reject);
    req.end(body?.bytes);
  });
}

const reset = () => server.request('POST', '/__reference/reset', { token: KEY });

/** A path with its parameters filled from the examples, one of them replaced. */
function target(path: string, op: Json, replace: Record<string, string> = {}): string {
  const examples: Json = Object.fromEntries((op.parameters ?? []).map((p: Json) => [p.name, p.example]));
  return path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    name in replace ? replace[name] : encodeURIComponent(String(examples[name])),
  );
}

const json = (value: unknown) => ({ type: 'application/json', bytes: Buffer.from(JSON.stringify(value)) });
const text = (v: unknown) => (v === null ? '' : String(v));
/** A body's fields as a form sends them: a list as `name[]` fields, one per item. */
const fields = (value: Json): [string, string][] =>
  Object.entries(value).flatMap(([k, v]): [string, string][] =>
    Array.isArray(v) ? v.map((item): [string, string] => [`${k}[]`, text(item)]) : [[k, text(v)]],
  );
const form = (value: Json) => ({
  type: 'application/x-www-form-urlencoded',
  bytes: Buffer.from(new URLSearchParams(fields(value)).toString()),
});
function multipart(value: Json) {
  const boundary = 'fp-boundary-7d1';
  const parts = fields(value).map(
    ([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${text(v)}\r\n`,
  );
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    bytes: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
  };
}

describe('the document and the server agree where a fuzzer found them apart', () => {
  it('D-UNKNOWN-FIELDS unknown body fields and query parameters: ignored by the server, and no schema of the document closes them', async () => {
    const closed = (schema: Json): boolean =>
      schema.additionalProperties === false ||
      Object.values(schema.properties ?? {}).some((s) => closed(s as Json)) ||
      ((schema.anyOf as Json[] | undefined) ?? []).some(closed);
    for (const { path, method, op } of operations) {
      for (const [type, media] of Object.entries<Json>(op.requestBody?.content ?? {}))
        expect(closed(resolve(media.schema)), `${method} ${path} ${type}`).toBe(false);
    }
    await reset();
    const made = await send(
      'POST',
      '/api/v1/categories',
      json({ name: 'Billing', 'x-schemathesis-unknown-property': 42 }),
    );
    expect([made.status, made.body.data.name, made.body.data['x-schemathesis-unknown-property']]).toEqual([
      200,
      'Billing',
      undefined,
    ]);
    expect((await send('GET', '/api/v1/posts?x-schemathesis-unknown-property=42&limit=2')).status).toBe(200);
    expect(made.violations).toEqual([]);
  });

  it('D-QUERY-BLANK-ABSENT a blank optional parameter (page=) is the parameter not sent, and its schema takes blank text', async () => {
    for (const { path, method, op } of operations) {
      for (const p of (op.parameters ?? []).filter((p: Json) => p.in === 'query' && !p.required)) {
        const value = p.schema.type === 'array' ? p.schema.items : p.schema;
        for (const blank of ['', ' '])
          expect(ajv.validate(value, blank), `${method} ${path} ${p.name}=${JSON.stringify(blank)}`).toBe(true);
      }
    }
    const blank = await send('GET', '/api/v1/moderation/rejected?page=');
    const first = await send('GET', '/api/v1/moderation/rejected?page=1');
    expect([blank.status, blank.body]).toEqual([200, first.body]);
    expect((await send('GET', '/api/v1/posts?limit=&skip=%20&status=')).status).toBe(200);
    expect(blank.violations).toEqual([]);
  });

  it('D-PATH-DOT-SEGMENTS a path parameter sent as . or .. names no route: 404 on every operation, as the document says', async () => {
    let sent = 0;
    for (const { path, method, op } of operations) {
      for (const p of (op.parameters ?? []).filter((p: Json) => p.in === 'path')) {
        for (const dot of ['.', '..', '%2e', '.%2E']) {
          const answer = await send(method, target(path, op, { [p.name]: dot }));
          const what = `${method} ${target(path, op, { [p.name]: dot })}`;
          expect([what, answer.status]).toEqual([what, 404]);
          expect(answer.body.message, what).toMatch(/^The route .+ could not be found\.$/);
          expect(op.responses['404'], what).toBeDefined();
          expect(answer.violations, what).toEqual([]);
          sent++;
        }
      }
    }
    expect(sent).toBeGreaterThan(100);
    expect((await send('GET', '/api/v1/posts/../categories')).status).toBe(404);
    expect((await send('GET', '/api/v1/./portal')).status).toBe(404);
  });

  it('D-HTTP-BODY-ENCODINGS every body is read alike as JSON, as a form and as multipart text parts, all listed; another type is 415, listed too', async () => {
    let checked = 0;
    for (const { path, method, op } of operations) {
      const content = op.requestBody?.content ?? {};
      const example = content['application/json']?.example;
      if (!example) continue;
      expect(Object.keys(content), `${method} ${path}`).toEqual([
        'application/json',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
      ]);
      const answers: Answer[] = [];
      for (const body of [json(example), form(example), multipart(example)]) {
        await reset();
        answers.push(await send(method, target(path, op), body));
      }
      const what = `${method} ${path}`;
      expect(
        answers.map((a) => a.status),
        what,
      ).toEqual(answers.map(() => answers[0].status));
      expect(
        answers.flatMap((a) => a.violations),
        what,
      ).toEqual([]);
      const plain = await send(method, target(path, op), {
        type: 'text/plain',
        bytes: Buffer.from(JSON.stringify(example)),
      });
      expect([what, plain.status, plain.violations]).toEqual([what, 415, []]);
      checked++;
    }
    expect(checked).toBeGreaterThan(15);
    const file = await send('POST', '/api/v1/categories', {
      type: 'multipart/form-data; boundary=b',
      bytes: Buffer.from('--b\r\ncontent-disposition: form-data; name="name"; filename="a.txt"\r\n\r\nx\r\n--b--\r\n'),
    });
    expect([file.status, file.body.errors]).toEqual([
      422,
      { name: ['The name field must be text: this operation takes no file.'] },
    ]);
  });
});
