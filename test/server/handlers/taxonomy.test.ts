import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureSeed, READONLY_KEY } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const get = (path: string) => server.request('GET', path, { token: READONLY_KEY });

describe('statuses, tags, tabs and sections', () => {
  it('D-STATUS-LIST lists every status with its board, not paginated', async () => {
    const res = await get('/api/v1/statuses');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        { id: 1, name: 'Under review', color: '#999999', tab_id: 1 },
        { id: 2, name: 'Planned', color: '#3366ff', tab_id: 2 },
      ],
    });
  });

  it('D-TAG-LIST lists the tags by the ids the post filter takes', async () => {
    expect((await get('/api/v1/tags')).body).toEqual({
      data: [
        { id: 't-bug', name: 'bug' },
        { id: 't-ux', name: 'ux' },
      ],
    });
  });

  it('D-TAB-LIST lists the tabs with slug and type', async () => {
    const res = await get('/api/v1/tabs');
    expect(res.body.data.map((t: any) => [t.id, t.slug, t.type])).toEqual([
      [1, 'feedback', 'board'],
      [2, 'roadmap', 'roadmap'],
      [3, 'help', 'knowledge_base'],
    ]);
    expect(res.body.data[0]).toEqual({ id: 1, slug: 'feedback', name: 'Feedback', type: 'board', description: '' });
  });

  it('D-TAB-GET finds a tab by id or by slug; an unknown one is the service 404', async () => {
    const byId = await get('/api/v1/tabs/3');
    const bySlug = await get('/api/v1/tabs/help');
    expect(byId.body).toEqual(bySlug.body);
    expect(byId.body.data.name).toBe('Help center');
    const unknown = await get('/api/v1/tabs/nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'No query results for model [App\\Models\\Tab] nope' });
  });

  it('D-SECTION-LIST lists the top-level sections of every tab, with title for their name', async () => {
    const res = await get('/api/v1/sections');
    expect(res.body.data).toEqual([
      {
        id: 20,
        tab_id: 1,
        parent_id: null,
        title: 'Ideas',
        slug: 'ideas',
        description: '',
        sort_order: 3,
      },
      {
        id: 10,
        tab_id: 3,
        parent_id: null,
        title: 'Getting started',
        slug: 'getting-started',
        description: '',
        sort_order: 1,
      },
    ]);
  });

  it('D-SECTION-CHILDREN lists the sections one level under a section named by id or slug', async () => {
    const byId = await get('/api/v1/sections/10/children');
    expect(byId.body.data.map((s: any) => [s.id, s.parent_id, s.title])).toEqual([[11, 10, 'Advanced']]);
    expect((await get('/api/v1/sections/getting-started/children')).body).toEqual(byId.body);
    expect((await get('/api/v1/sections/11/children')).body).toEqual({ data: [] });
    const unknown = await get('/api/v1/sections/99/children');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'No query results for model [App\\Models\\Section] 99' });
  });
});

describe('another portal', () => {
  it('D-ASSUMED-CONVENTIONS lists are scoped to the portal of the key', async () => {
    const other = await startTestServer(fixtureSeed());
    try {
      const res = await other.request('GET', '/api/v1/statuses', { token: 'other-admin', host: 'other.localhost' });
      expect(res.body).toEqual({ data: [] });
    } finally {
      await other.close();
    }
  });
});
