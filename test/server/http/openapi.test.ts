import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointList } from '../../../src/contract/endpoints.js';
import { openApiDocument } from '../../../src/contract/openapi.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

let server: TestServer;
let doc: any;
beforeAll(async () => {
  server = await startTestServer();
  const res = await server.request('GET', '/__reference/openapi.json', { token: null });
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(() => server.close());

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every `$ref` in the document, wherever it sits. */
function refsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refsIn(v, out);
    }
  }
  return out;
}

describe('/__reference/openapi.json', () => {
  it('D-HTTP-REFERENCE-ROUTES is served without a key as JSON', async () => {
    const res = await server.request('GET', '/__reference/openapi.json', { token: null });
    expect(res.headers.get('content-type')).toBe('application/json');
  });

  it('names the address it is served from, then the {base_url} of any portal', () => {
    expect(doc.servers).toEqual([
      { url: server.url, description: 'The server this document is served from.' },
      {
        url: '{base_url}',
        description: 'A portal: its own subdomain or custom domain.',
        variables: { base_url: { default: server.url, description: 'The address of one portal.' } },
      },
    ]);
  });

  it('each copy served differs only in its addresses, built once from the endpoint table, not again for every request', async () => {
    const other = await server.request('GET', '/__reference/openapi.json', { token: null, host: 'localhost:4010' });
    expect(other.body.servers[0].url).toBe('http://localhost:4010');
    expect({ ...other.body, servers: doc.servers }).toEqual(doc);
    const first = openApiDocument({ servedFrom: 'http://a.test' });
    const second = openApiDocument();
    expect(second.paths).toBe(first.paths);
    expect(second.components).toBe(first.components);
  });

  it('D-HTTP-HOST a Host header that is not a host name is refused, never reflected', async () => {
    const res = await server.request('GET', '/__reference/openapi.json', { token: null, host: 'a b' });
    expect(res.status).toBe(400);
    expect(res.text).not.toContain('a b');
  });

  it('R-VERSION-DOC is an OpenAPI 3.1 document with info, paths and a bearer security scheme', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toEqual(expect.objectContaining({ title: expect.any(String), version: '1.0.0' }));
    expect(typeof doc.paths).toBe('object');
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearer: [] }]);
  });

  it('has an operation with the operationId for every entry of the endpoint table, under each of its verbs', () => {
    for (const e of endpointList) {
      for (const method of [e.method, ...(e.alsoMethods ?? [])]) {
        const op = doc.paths[e.path]?.[method.toLowerCase()];
        expect(op, `${method} ${e.path}`).toBeDefined();
        expect(op.operationId.startsWith(e.name), `${method} ${e.path}`).toBe(true);
      }
    }
  });

  it('describes exactly the endpoint table: no operation without an entry', () => {
    const names = new Set(endpointList.map((e) => e.name));
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const method of Object.keys(item).filter((k) => HTTP_METHODS.includes(k))) {
        const name = endpointList.find(
          (e) => e.path === path && [e.method, ...(e.alsoMethods ?? [])].includes(method.toUpperCase() as never),
        )?.name;
        expect(name && names.has(name), `${method} ${path}`).toBe(true);
      }
    }
  });

  it('declares every path parameter of every operation as required', () => {
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      const placeholders = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const method of Object.keys(item).filter((k) => HTTP_METHODS.includes(k))) {
        const declared = (item[method].parameters ?? []).filter((p: any) => p.in === 'path');
        expect(declared.map((p: any) => p.name).sort(), `${method} ${path}`).toEqual([...placeholders].sort());
        for (const p of declared) expect(p.required).toBe(true);
      }
    }
  });

  it('gives every operation a 200 response and a request body where the table has one', () => {
    for (const e of endpointList) {
      const op = doc.paths[e.path][e.method.toLowerCase()];
      expect(op.responses['200'], e.name).toBeDefined();
      if (e.body) {
        const { $ref } = op.requestBody.content['application/json'].schema;
        expect(doc.components.schemas[$ref.split('/').pop()].type, e.name).toBe('object');
      }
      if (e.multipart)
        expect(op.requestBody.content['multipart/form-data'].schema.properties.file, e.name).toBeDefined();
    }
  });

  it('resolves every $ref inside the document', () => {
    for (const ref of refsIn(doc)) {
      expect(ref.startsWith('#/'), ref).toBe(true);
      const target = ref
        .slice(2)
        .split('/')
        .reduce<any>((node, part) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
      expect(target, ref).toBeDefined();
    }
  });

  // OpenAPI requires unique operationIds; today groups.update carries the same id under PATCH and PUT.
  it('operationIds are unique across the document', () => {
    const ids = Object.values<any>(doc.paths).flatMap((item) =>
      Object.keys(item)
        .filter((k) => HTTP_METHODS.includes(k))
        .map((k) => item[k].operationId),
    );
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
});

describe('docs/openapi.json', () => {
  it('the committed OpenAPI document is what npm run openapi generates from the endpoint table', async () => {
    const { readFileSync } = await import('node:fs');
    const { resolve } = await import('node:path');
    const { openApiDocument } = await import('../../../src/contract/openapi.js');
    const committed = readFileSync(resolve(import.meta.dirname, '../../../docs/openapi.json'), 'utf8');
    expect(committed).toBe(`${JSON.stringify(openApiDocument(), null, 2)}\n`);
  });
});
