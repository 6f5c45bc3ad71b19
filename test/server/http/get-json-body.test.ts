import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A GET with a JSON body, which no documented request has (and fetch() cannot send). */
async function getWithBody(path: string, body: unknown, type = 'application/json') {
  const res = await request(server.url + path, {
    method: 'GET',
    headers: { authorization: `Bearer ${ADMIN_KEY}`, accept: 'application/json', 'content-type': type },
    body: JSON.stringify(body),
  });
  const bytes = Buffer.from(await res.body.arrayBuffer());
  return { status: res.statusCode, type: String(res.headers['content-type']), bytes };
}

describe('a GET with a JSON body', () => {
  it('D-GET-JSON-BODY GET …/sync/export takes tab_id from a JSON body, where the spec lists it (its Body column)', async () => {
    const res = await getWithBody('/api/v1/knowledgebase/sync/export', { tab_id: 3 });
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/zip');
    expect(res.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it("D-GET-JSON-BODY the body's field wins over the query's, as Laravel's input() merges them", async () => {
    const res = await getWithBody('/api/v1/knowledgebase/sync/export?tab_id=1', { tab_id: 3 });
    expect(res.status).toBe(200);
    const refused = await getWithBody('/api/v1/knowledgebase/sync/export?tab_id=3', { tab_id: 1 });
    expect(refused.status).toBe(422);
    expect(JSON.parse(refused.bytes.toString('utf8'))).toEqual({
      message: 'The given data was invalid.',
      errors: { tab_id: ['The selected tab id is invalid.'] },
    });
  });

  it('D-GET-JSON-BODY a body of another type is not read (PHP parses no GET body): the query alone counts', async () => {
    const res = await getWithBody('/api/v1/posts?limit=1', { limit: 2 }, 'text/plain');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.bytes.toString('utf8')).data).toHaveLength(1);
    const json = await getWithBody('/api/v1/posts?limit=1', { limit: 2 });
    expect(JSON.parse(json.bytes.toString('utf8')).data).toHaveLength(2);
  });
});
