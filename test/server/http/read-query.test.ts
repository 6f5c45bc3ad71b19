import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readQuery } from '../../../src/server/http/read-query.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

describe('readQuery', () => {
  it('D-QUERY-BLANK-ABSENT leaves out values blank once trimmed, and a name all of whose values are blank', () => {
    expect(readQuery(new URLSearchParams('category=&page=%20&status=1&status=&tag_id[]=&tab=help'))).toEqual({
      status: '1',
      tab: 'help',
    });
  });

  it('a parameter named __proto__ is an ordinary parameter and leaves the prototype alone', () => {
    const query = readQuery(new URLSearchParams('__proto__[]=x&__proto__[]=y&constructor=z'));
    expect(Object.getPrototypeOf(query)).toBe(Object.prototype);
    expect(Object.keys(query)).toEqual(['__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(query, '__proto__')?.value).toEqual(['x', 'y']);
    expect((query as { length?: unknown }).length).toBeUndefined();
  });
});

describe('a blank optional query parameter is absent', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('D-QUERY-BLANK-ABSENT GET /posts?category= lists as GET /posts', async () => {
    const plain = await server.request('GET', '/api/v1/posts');
    for (const target of ['/api/v1/posts?category=', '/api/v1/posts?category=%20&limit=&order_by=&status=']) {
      const res = await server.request('GET', target);
      expect(res.status, target).toBe(200);
      expect(res.body, target).toEqual(plain.body);
    }
  });

  it('D-QUERY-BLANK-ABSENT GET /moderation/rejected?page= is the first page', async () => {
    const res = await server.request('GET', '/api/v1/moderation/rejected?page=');
    expect(res.status).toBe(200);
    expect(res.body.meta.current_page).toBe(1);
  });

  it('D-QUERY-BLANK-ABSENT a required parameter sent blank is missing', async () => {
    const res = await server.request('GET', '/api/v1/knowledgebase/sync/export?tab_id=');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ tab_id: ['The tab id field is required.'] });
  });
});
