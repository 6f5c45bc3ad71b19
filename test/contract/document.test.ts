import { describe, expect, it } from 'vitest';
import { endpointList, endpoints, type OperationName } from '../../src/contract/endpoints.js';
import { operationExamples } from '../../src/contract/examples.js';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { openApiDocument, openApiOperation } from '../../src/contract/openapi.js';
import { BLANK_CLASS } from '../../src/contract/validation.js';

const doc = openApiDocument() as any;
const operations = endpointList.flatMap((e) =>
  [e.method, ...(e.alsoMethods ?? [])].map((method) => ({
    endpoint: e,
    method,
    op: doc.paths[e.path][method.toLowerCase()],
  })),
);
const statuses = (op: any) => Object.keys(op.responses);
const SAFE_INTEGER = { type: 'integer', minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };

describe('the OpenAPI document', () => {
  it('R-TOOL-NAMES gives every operation a summary, a description, one defined tag and its tool name <group>.<action>', () => {
    const tags = new Set(doc.tags.map((t: any) => t.name));
    for (const { endpoint, op } of operations) {
      expect(op.description.startsWith(endpoint.description!), endpoint.name).toBe(true);
      expect(op.description.length, endpoint.name).toBeGreaterThan(10);
      expect(op.tags, endpoint.name).toEqual([endpoint.name.split('.')[0]]);
      expect(tags.has(op.tags[0]), endpoint.name).toBe(true);
      expect(op['x-tool-name']).toBe(endpoint.name);
      expect(endpoint.name).toMatch(/^[a-z]+\.[a-zA-Z]+$/);
    }
  });

  it('marks an assumed operation x-assumed, with its decision and evidence ids, in the operation and its description', () => {
    const op = openApiOperation({
      ...endpoints['groups.list'],
      name: 'things.list',
      description: 'Every thing.',
      assumed: { decision: 'D-THINGS', evidence: ['T1', 'T2'] },
    });
    expect(op).toMatchObject({
      'x-assumed': true,
      'x-assumed-decision': 'D-THINGS',
      'x-assumed-evidence': ['T1', 'T2'],
    });
    expect(op.description).toMatch(/^Every thing\.\n\n\*\*Assumed\.\*\* .*`D-THINGS`.*\(T1, T2\)\.$/);
    expect(openApiOperation(endpoints['groups.list'])).not.toHaveProperty('x-assumed');
  });

  it('every assumed operation names a decision of docs/decisions.md and evidence items', () => {
    const decisions = readFileSync(resolve(import.meta.dirname, '../../docs/decisions.md'), 'utf8');
    for (const { endpoint, op } of operations) {
      if (!endpoint.assumed) continue;
      expect(decisions, endpoint.name).toContain(`- \`${endpoint.assumed.decision}\` `);
      for (const item of endpoint.assumed.evidence) expect(item, endpoint.name).toMatch(/^[A-Z]{1,3}\d+$/);
      expect(op['x-assumed'], endpoint.name).toBe(true);
    }
  });

  it('documents 401, 429 and 503 on every operation, 403 on every write, 400 and 413 where a body is read', () => {
    for (const { endpoint, method, op } of operations) {
      const s = statuses(op);
      expect(s, endpoint.name).toEqual(expect.arrayContaining(['200', '401', '429', '503']));
      expect(s.includes('403'), endpoint.name).toBe(method !== 'GET');
      const hasBody = Boolean(endpoint.body || endpoint.multipart);
      expect(s.includes('400') && s.includes('413'), endpoint.name).toBe(hasBody);
    }
  });

  it('D-PATH-DOT-SEGMENTS documents 404 on every operation with a path parameter (an item, or a dot segment that names no route) and on finding a user by e-mail or the product vision; the link results take a tab id checked like a field (422)', () => {
    for (const { endpoint, op } of operations) {
      const hasId = endpoint.path.includes('{');
      expect(statuses(op).includes('404'), endpoint.name).toBe(
        hasId || ['users.findByEmail', 'vision.get', 'vision.delete'].includes(endpoint.name),
      );
      if (endpoint.name === 'knowledgebase.linkResults')
        expect(op.responses['422']).toEqual({ $ref: '#/components/responses/ValidationFailed' });
    }
  });

  it('a 422 of votes, group membership, moderation, sync and deletes of items in use may carry message alone; a schema failure carries errors', () => {
    const messageAlone = [
      'votes.addAnonymous',
      'votes.removeAnonymous',
      'votes.add',
      'votes.remove',
      'groups.addUser',
      'groups.removeUser',
      'groups.addUserInPath',
      'groups.removeUserInPath',
      'moderation.approve',
      'moderation.reject',
      'knowledgebase.preview',
      'knowledgebase.execute',
      'statuses.delete',
      'sections.delete',
    ];
    for (const { endpoint, op } of operations) {
      const expected = messageAlone.includes(endpoint.name) ? 'Unprocessable' : 'ValidationFailed';
      if (op.responses['422'])
        expect(op.responses['422'].$ref, endpoint.name).toBe(`#/components/responses/${expected}`);
    }
    expect(doc.components.schemas.UnprocessableBody.required).toEqual(['message']);
    expect(doc.components.schemas.ValidationErrorBody.required).toEqual(['message', 'errors']);
  });

  it('categories.update refuses a locked category (403) as well as a read-only key', () => {
    const op = doc.paths['/api/v1/categories/{id}'].patch;
    expect(op.responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
  });

  it('D-OPENAPI-BOUNDS carries the limits of the schemas: lengths after trimming, patterns, integers within the safe range', () => {
    const body = (path: string, method: string) => {
      const { $ref } = doc.paths[path][method].requestBody.content['application/json'].schema;
      return doc.components.schemas[$ref.split('/').pop()];
    };
    const BLANK = `[${BLANK_CLASS}]`;
    const NOT_BLANK = `[^${BLANK_CLASS}]`;
    expect(body('/api/v1/categories/{id}', 'patch').properties).toEqual({
      name: {
        type: 'string',
        minLength: 2,
        pattern: `^${BLANK}*(${NOT_BLANK}[\\s\\S]{0,58}${NOT_BLANK})${BLANK}*$`,
        description: 'Trimmed; 2-60 characters once trimmed.',
      },
      color: { type: 'string', pattern: `^${BLANK}*(#[0-9a-fA-F]{6})${BLANK}*$` },
    });
    expect(body('/api/v1/posts/{key}/comments', 'post').properties.comment).toMatchObject({
      minLength: 3,
      description: 'Trimmed; 3-6000 characters once trimmed.',
    });
    expect(body('/api/v1/groups', 'post').properties.description).toEqual({
      anyOf: [
        {
          type: 'string',
          pattern: `^${BLANK}*((${NOT_BLANK}([\\s\\S]{0,998}${NOT_BLANK})?)?)${BLANK}*$`,
          description: 'Trimmed; at most 1000 characters once trimmed. Blank is null.',
        },
        { type: 'null' },
      ],
    });
    expect(body('/api/v1/knowledgebase/link-health/scan', 'post').properties.tab_id).toEqual(SAFE_INTEGER);
    const limit = doc.paths['/api/v1/posts'].get.parameters.find((p: any) => p.name === 'limit');
    const blank = { type: 'string', pattern: `^${BLANK}*$` };
    expect(limit.schema).toEqual({ anyOf: [blank, { type: 'integer', minimum: 1, maximum: 100 }] });
    const category = doc.paths['/api/v1/posts'].get.parameters.find((p: any) => p.name === 'category');
    expect(category.schema).toEqual({ anyOf: [blank, SAFE_INTEGER] });
    const comments = doc.paths['/api/v1/posts/{key}/comments'].get.responses['200'].content['application/json'].schema;
    expect(comments.properties.data.items.properties.votes_count).toEqual({ type: 'integer' });
    expect(doc.paths['/api/v1/comments/{id}'].put.parameters[0].schema).toEqual({
      type: 'integer',
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
    });
  });

  it('D-OPENAPI-TRIMMED a trimmed field: its pattern admits blanks around the value, counts the trimmed length, and a nullable field takes blank', () => {
    const ajv = new Ajv2020({ strict: false });
    const name = ajv.compile(doc.components.schemas.GroupsCreateBody.properties.name);
    expect([' ab ', 'ab', '\u00a0a b\ufeff', 'x'.repeat(60), ` ${'x'.repeat(60)}\n`].map((v) => name(v))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['a', ' a ', '   ', '', 'x'.repeat(61), '\u200b\u200b'].map((v) => name(v))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    const created = ajv.compile(doc.components.schemas.CommentsCreateBody.properties.created_at);
    expect(['', '  ', null, ' 2024-02-29 ', '2025-01-01T10:00:00Z'].every((v) => created(v))).toBe(true);
    expect(['2025-02-29', '2025-01-01T24:00'].some((v) => created(v))).toBe(false);
    const color = ajv.compile(doc.components.schemas.CategoriesUpdateBody.properties.color);
    expect([color(' #123abc '), color('#123abc'), color(''), color('#123ab')]).toEqual([true, true, false, false]);
  });

  it('D-OPENAPI-TRIMMED the blanks a pattern allows around a value are exactly those the server trims', () => {
    const server = new RegExp(`^[\\s\\uFEFF\\u200B]$`, 'u');
    const documented = new RegExp(`^[${BLANK_CLASS}]$`, 'u');
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      if (server.test(c) !== documented.test(c)) expect(cp.toString(16)).toBe('the same class');
    }
  });

  it('D-QUERY-BLANK-ABSENT the schema of an optional query parameter (each value of a list) takes blank text; a required one does not', () => {
    const takesBlank = (schema: any) => new Ajv2020({ strict: false }).validate(schema, ' ');
    for (const { endpoint, op } of operations) {
      for (const p of (op.parameters ?? []).filter((p: any) => p.in === 'query')) {
        const value = p.schema.type === 'array' ? p.schema.items : p.schema;
        expect(takesBlank(value), `${endpoint.name} ${p.name}`).toBe(!p.required);
        expect(p.allowEmptyValue, `${endpoint.name} ${p.name}`).toBeUndefined();
      }
    }
    const page = doc.paths['/api/v1/moderation/rejected'].get.parameters.find((p: any) => p.name === 'page');
    expect(new Ajv2020({ strict: false }).validate(page.schema, '')).toBe(true);
  });

  it('D-OPENAPI-PATH-IDS a string path id excludes . and .., a group is named by its UUID, numeric path ids stay in the safe range', () => {
    const key = new RegExp(doc.paths['/api/v1/posts/{key}/comments'].get.parameters[0].schema.pattern);
    expect(['.', '..', 'a/b', ''].some((v) => key.test(v))).toBe(false);
    expect(['.a', '..a', 'a.', 'ky32v', 'a..b'].every((v) => key.test(v))).toBe(true);
    for (const [path, method] of [
      ['/api/v1/groups/{id}', 'get'],
      ['/api/v1/groups/{id}', 'delete'],
      ['/api/v1/groups/{group}/users', 'post'],
    ]) {
      expect(doc.paths[path][method].parameters[0].schema).toMatchObject({ type: 'string', format: 'uuid' });
    }
    const patterns = JSON.stringify(doc).match(/"pattern":"(?:[^"\\]|\\.)*"/g) ?? [];
    expect(patterns.filter((p) => p.includes('\\\\d'))).toEqual([]);
  });

  it('D-HTTP-BODY-ENCODINGS names each body schema once and documents every encoding the server reads it from, with 415 for others', () => {
    const schema = { $ref: '#/components/schemas/GroupsCreateBody' };
    expect(doc.paths['/api/v1/groups'].post.requestBody.content).toEqual({
      'application/json': expect.objectContaining({ schema }),
      'application/x-www-form-urlencoded': { schema },
      'multipart/form-data': { schema },
    });
    for (const { endpoint, op } of operations) {
      const types = Object.keys(op.requestBody?.content ?? {});
      if (endpoint.body) {
        expect(types, endpoint.name).toEqual([
          'application/json',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
        ]);
        expect(op.responses['415'], endpoint.name).toEqual({ $ref: '#/components/responses/UnsupportedMediaType' });
      } else expect(types, endpoint.name).toEqual(endpoint.multipart ? ['multipart/form-data'] : []);
    }
  });

  it('D-OPENAPI-MULTIPART an upload names its lists name[] as text parts, sends the file with a filename, ignores other text parts, and has an example', () => {
    for (const path of ['/api/v1/knowledgebase/sync/preview', '/api/v1/knowledgebase/sync/execute']) {
      const media = doc.paths[path].post.requestBody.content['multipart/form-data'];
      expect(Object.keys(media.schema.properties)).toEqual([
        'file',
        'tab_id',
        'delete_confirmed[]',
        'delete_confirmed',
        'delete_sections_confirmed[]',
        'delete_sections_confirmed',
      ]);
      expect(media.schema.properties.delete_confirmed.not).toEqual({});
      expect(media.schema.additionalProperties).toBeUndefined();
      expect(media.encoding).toEqual({
        'delete_confirmed[]': { contentType: 'text/plain' },
        'delete_sections_confirmed[]': { contentType: 'text/plain' },
      });
      expect(media.example.tab_id).toBe(4);
      expect(Buffer.from(media.example.file, 'utf8').subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'));
    }
    const execute = doc.paths['/api/v1/knowledgebase/sync/execute'].post.requestBody.content['multipart/form-data'];
    expect(execute.example['delete_confirmed[]']).toEqual(['xuwe8']);
  });

  it('links lead from a made item to the operations on it, and name parameters those operations have', () => {
    const byId = new Map(operations.map(({ op }) => [op.operationId, op]));
    let count = 0;
    for (const { op } of operations) {
      for (const [name, link] of Object.entries<any>(op.responses['200'].links ?? {})) {
        const target = byId.get(link.operationId);
        expect(target, `${op.operationId} → ${name}`).toBeDefined();
        const names = (target.parameters ?? []).map((p: any) => p.name);
        for (const parameter of Object.keys(link.parameters)) expect(names, link.operationId).toContain(parameter);
        count += 1;
      }
    }
    const links = (id: string) =>
      Object.values<any>(byId.get(id).responses['200'].links).map((l) => [l.operationId, l.parameters]);
    expect(links('groups.create')).toEqual(
      expect.arrayContaining([
        ['groups.get', { id: '$response.body#/data/id' }],
        ['groups.delete', { id: '$response.body#/data/id' }],
        ['groups.addUser', { group: '$response.body#/data/id' }],
      ]),
    );
    expect(links('knowledgebase.scanLinks')).toContainEqual([
      'knowledgebase.scanProgress',
      { scanId: '$response.body#/data/scan_id' },
    ]);
    expect(count).toBeGreaterThanOrEqual(20);
  });

  it('the export takes tab_id as a required integer query parameter and has no body', () => {
    const op = doc.paths['/api/v1/knowledgebase/sync/export'].get;
    expect(op.parameters).toEqual([
      expect.objectContaining({ name: 'tab_id', in: 'query', required: true, schema: SAFE_INTEGER }),
    ]);
    expect(op.requestBody).toBeUndefined();
  });

  it('has an example for every request body and every JSON 200 response', () => {
    for (const { endpoint, op } of operations) {
      if (endpoint.body) expect(op.requestBody.content['application/json'].example, endpoint.name).toBeDefined();
      if (endpoint.responseType !== 'zip')
        expect(op.responses['200'].content['application/json'].example, endpoint.name).toBeDefined();
    }
    for (const [name, response] of Object.entries<any>(doc.components.responses)) {
      expect(response.content['application/json'].example, name).toBeDefined();
    }
  });

  it("every example passes the operation's own zod schemas", () => {
    for (const [name, example] of Object.entries(operationExamples)) {
      const e = endpoints[name as OperationName] as (typeof endpointList)[number];
      if (example.request !== undefined) {
        const schema = e.body ?? e.multipart!;
        expect(schema.safeParse(example.request).error, name).toBeUndefined();
      }
      if (example.response !== undefined) expect(e.response.safeParse(example.response).error, name).toBeUndefined();
      const params = example.params ?? {};
      const pathNames = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(
        pathNames.every((p) => params[p] !== undefined),
        name,
      ).toBe(true);
      const query = Object.fromEntries(
        Object.entries(params)
          .filter(([k]) => !pathNames.includes(k))
          .map(([k, v]) => [k, String(v)]),
      );
      if (e.query) expect(e.query.safeParse(query).error, name).toBeUndefined();
      else expect(query, name).toEqual({});
    }
    expect(Object.keys(operationExamples).sort()).toEqual(Object.keys(endpoints).sort());
  });

  it('without a served address, {base_url} defaults to where fp server listens', () => {
    expect(doc.servers).toEqual([
      {
        url: '{base_url}',
        description: 'A portal: its own subdomain or custom domain.',
        variables: { base_url: { default: 'http://127.0.0.1:4010', description: 'The address of one portal.' } },
      },
    ]);
  });
});
