import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READONLY_KEY } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

const NOW = new Date('2026-06-01T08:00:00Z');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(undefined, { now: () => NOW });
});
afterAll(() => server.close());

const invalid = (errors: Record<string, string[]>) => ({ message: 'The given data was invalid.', errors });
const create = (key: string, body: unknown) => server.request('POST', `/api/v1/posts/${key}/references`, { body });
const stored = () => server.store.portals[0].references.list();

describe('references', () => {
  it('R-REF-CREATE D-REF-CREATE creating a reference answers {data: Reference} and stores it on the post', async () => {
    const res = await create('dark1', { reference: 'JIRA-123' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        id: 1,
        post_id: 'dark1',
        reference: 'JIRA-123',
        created_at: '2026-06-01T08:00:00.000000Z',
        updated_at: '2026-06-01T08:00:00.000000Z',
      },
    });
    expect(stored()).toEqual([
      {
        id: 1,
        post_key: 'dark1',
        reference: 'JIRA-123',
        created_at: '2026-06-01T08:00:00.000Z',
        updated_at: '2026-06-01T08:00:00.000Z',
      },
    ]);
  });

  it('D-REF-IDS reference ids count up', async () => {
    const res = await create('sso22', { reference: 'https://tracker.test/issues/9' });
    expect(res.body.data).toMatchObject({ id: 2, post_id: 'sso22' });
  });

  it('D-REF-CREATE a reference can be attached to a post in any moderation state', async () => {
    expect((await create('pend3', { reference: 'x' })).status).toBe(200);
    expect((await create('rej44', { reference: 'y' })).status).toBe(200);
  });

  it('R-REFERENCE-LENGTH reference text is 1-6000 characters (boundaries 0, 1, 6000, 6001)', async () => {
    const empty = await create('dark1', { reference: '' });
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual(invalid({ reference: ['The reference field is required.'] }));
    const one = await create('dark1', { reference: 'a' });
    expect(one.status).toBe(200);
    expect(one.body.data.reference).toBe('a');
    const max = await create('dark1', { reference: 'b'.repeat(6000) });
    expect(max.status).toBe(200);
    expect(max.body.data.reference).toHaveLength(6000);
    const over = await create('dark1', { reference: 'c'.repeat(6001) });
    expect(over.status).toBe(422);
    expect(over.body).toEqual(
      invalid({ reference: ['The reference field must not be greater than 6000 characters.'] }),
    );
  });

  it('reference length counts characters, not UTF-16 units', async () => {
    expect((await create('dark1', { reference: '😀'.repeat(6000) })).status).toBe(200);
    expect((await create('dark1', { reference: '😀'.repeat(6001) })).status).toBe(422);
  });

  it('reference is required and must be a string', async () => {
    const missing = await create('dark1', {});
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual(invalid({ reference: ['The reference field is required.'] }));
    const number = await create('dark1', { reference: 5 });
    expect(number.body).toEqual(invalid({ reference: ['The reference field must be a string.'] }));
  });

  it('a reference on an unknown post is 404 "No query results for model [App\\Models\\Post] <key>"', async () => {
    const before = stored().length;
    const res = await create('nope9', { reference: 'JIRA-1' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No query results for model [App\\Models\\Post] nope9' });
    expect(stored()).toHaveLength(before);
  });

  it('R-REF-DELETE deleting a reference answers {} and removes it', async () => {
    const res = await server.request('DELETE', '/api/v1/references/1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(stored().some((r) => r.id === 1)).toBe(false);
    expect(stored().some((r) => r.id === 2)).toBe(true);
  });

  it('D-REF-DELETE deleting an unknown reference is 404 "No query results for model [App\\Models\\Reference] <id>"', async () => {
    for (const id of ['1', '999', 'abc']) {
      const res = await server.request('DELETE', `/api/v1/references/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: `No query results for model [App\\Models\\Reference] ${id}` });
    }
  });

  it('a read-only key cannot create or delete references (403)', async () => {
    expect(
      (
        await server.request('POST', '/api/v1/posts/dark1/references', {
          token: READONLY_KEY,
          body: { reference: 'ro' },
        })
      ).status,
    ).toBe(403);
    expect((await server.request('DELETE', '/api/v1/references/2', { token: READONLY_KEY })).status).toBe(403);
    expect(stored().some((r) => r.id === 2)).toBe(true);
  });
});
