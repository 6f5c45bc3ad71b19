import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/contract/openapi.js';
import { startFpServer, type FpServer } from '../support/run-fp.js';

/**
 * Every example request of the document, sent in the document's order to
 * `fp server --seed demo`: each one succeeds. Where an example names an item that an
 * earlier example's answer made (the same value in both examples, reached by a link),
 * the id the server really handed out is sent instead: a scan id is made up anew.
 */

type Json = Record<string, any>;
const doc = openApiDocument() as Json;
const DEMO_KEY = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../seed/demo.json'), 'utf8')).portals[0]
  .api_keys[0].token as string;

interface Sent {
  path: Record<string, unknown>;
  response: unknown;
}

/** A runtime expression of a link (`$response.body#/data/id`, `$request.path.key`) or a constant. */
function evaluate(expression: string, sent: Sent): unknown {
  if (expression.startsWith('$request.path.')) return sent.path[expression.slice('$request.path.'.length)];
  if (!expression.startsWith('$response.body#')) return expression;
  return expression
    .slice('$response.body#/'.length)
    .split('/')
    .reduce<any>((node, part) => (node === undefined || node === null ? undefined : node[part]), sent.response);
}

const operations = Object.entries<Json>(doc.paths).flatMap(([path, item]) =>
  Object.entries<Json>(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
);

function exampleOf(op: Json) {
  const params: Json = Object.fromEntries((op.parameters ?? []).map((p: Json) => [p.name, p.example]));
  const content = op.requestBody?.content ?? {};
  const json = content['application/json']?.example;
  const form = content['multipart/form-data']?.example;
  const response = op.responses['200'].content?.['application/json']?.example;
  return { params, json, form, response };
}

/** The example's parameters, with the real ids of the items earlier examples made. */
function followLinks(op: Json, params: Json, ran: Map<string, { example: Sent; actual: Sent; op: Json }>): Json {
  const out = { ...params };
  for (const { example, actual, op: source } of ran.values()) {
    for (const link of Object.values<Json>(source.responses['200'].links ?? {})) {
      if (link.operationId !== op.operationId) continue;
      for (const [name, expression] of Object.entries<string>(link.parameters)) {
        const was = evaluate(expression, example);
        if (was !== undefined && String(was) === String(params[name])) out[name] = evaluate(expression, actual);
      }
    }
  }
  return out;
}

function formData(example: Json): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(example)) {
    if (name === 'file') form.append(name, new Blob([Buffer.from(value, 'utf8')]), 'help-center.zip');
    else for (const item of [value].flat()) form.append(name, String(item));
  }
  return form;
}

let server: FpServer;
beforeAll(async () => {
  server = await startFpServer('demo');
}, 30_000);
afterAll(() => server.stop());

describe('the examples of the OpenAPI document', () => {
  it('D-OPENAPI-EXAMPLES each example request succeeds on fp server --seed demo, sent in document order', async () => {
    const ran = new Map<string, { example: Sent; actual: Sent; op: Json }>();
    const outcomes: string[] = [];
    for (const { path, method, op } of operations) {
      const example = exampleOf(op);
      const params = followLinks(op, example.params, ran);
      const target = new URL(server.url + path.replace(/\{(\w+)\}/g, (_m, n: string) => encodeURIComponent(params[n])));
      for (const p of op.parameters ?? [])
        if (p.in === 'query' && params[p.name] !== undefined) target.searchParams.set(p.name, params[p.name]);
      const headers: Record<string, string> = { authorization: `Bearer ${DEMO_KEY}`, accept: 'application/json' };
      let body: string | FormData | undefined;
      if (example.json !== undefined) {
        body = JSON.stringify(example.json);
        headers['content-type'] = 'application/json';
      } else if (example.form !== undefined) body = formData(example.form);
      const res = await fetch(target, { method, headers, body });
      const type = res.headers.get('content-type') ?? '';
      const answer = type.startsWith('application/json') ? await res.json() : await res.arrayBuffer();
      outcomes.push(`${method} ${target.pathname}${target.search} → ${res.status}`);
      expect(res.status, `${op.operationId}: ${JSON.stringify(answer)}`).toBe(200);
      const pathOf = (values: Json) =>
        Object.fromEntries(
          (op.parameters ?? []).filter((p: Json) => p.in === 'path').map((p: Json) => [p.name, values[p.name]]),
        );
      ran.set(op.operationId, {
        op,
        example: { path: pathOf(example.params), response: example.response },
        actual: { path: pathOf(params), response: answer },
      });
    }
    console.log(`${outcomes.length} examples sent in document order:\n${outcomes.join('\n')}`);
    expect(outcomes.length).toBe(operations.length);
  }, 60_000);
});
