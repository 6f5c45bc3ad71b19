import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANN, BOB, fixtureSeed, READONLY_KEY } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

const NOW = new Date('2026-06-01T12:30:00Z');
const AT = '2026-06-01T12:30:00.000000Z';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(fixtureSeed(), { now: () => NOW });
});
afterAll(() => server.close());

const portal = () => server.store.portals[0];
const invalid = (errors: Record<string, string[]>) => ({ message: 'The given data was invalid.', errors });

describe('GET /api/v1/posts/{key}', () => {
  it('D-POST-SHOW answers {data: Post} in the list format, for a pending post and an article too', async () => {
    const list = await server.request('GET', '/api/v1/posts?version=1.0');
    const one = await server.request('GET', '/api/v1/posts/dark1');
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ data: list.body.data[0] });
    expect((await server.request('GET', '/api/v1/posts/pend3')).body.data.moderation_status).toBe('pending');
    expect((await server.request('GET', '/api/v1/posts/kb001')).body.data.title).toBe('Installation');
  });

  it('D-POST-SHOW D-ASSUMED-CONVENTIONS an unknown key is the service 404', async () => {
    const res = await server.request('GET', '/api/v1/posts/zz999');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No query results for model [App\\Models\\Post] zz999' });
  });
});

describe('POST /api/v1/posts', () => {
  it('D-POST-CREATE files an approved post by the first admin, on its status board, with its one category', async () => {
    const res = await server.request('POST', '/api/v1/posts', {
      body: { title: '  From a ticket ', description: 'Customer asked.', category_id: 2, status_id: 2 },
    });
    expect(res.status).toBe(200);
    const post = res.body.data;
    expect(post).toMatchObject({
      title: 'From a ticket',
      description: 'Customer asked.',
      moderation_status: 'approved',
      categories: [{ id: 2, name: 'Mobile', color: '#00aa55' }],
      status: { id: 2, name: 'Planned', color: '#3366ff', tab_name: 'Roadmap' },
      author: { id: ANN, name: 'Ann Admin' },
      votes_count: 0,
      created_at: AT,
      updated_at: AT,
      latest_status_change_at: AT,
    });
    expect(post.id).toMatch(/^[a-z0-9]{5}$/);
    const stored = portal().posts.get(post.id)!;
    expect(stored).toMatchObject({ tab_id: 2, database_id: 6, section_id: null, tag_ids: [], author_id: ANN });
    expect((await server.request('GET', `/api/v1/posts?tab=roadmap`)).body.data.map((p: any) => p.id)).toContain(
      post.id,
    );
  });

  it('D-POST-CREATE names the author with user_id, and without a status places the post on the first board', async () => {
    const res = await server.request('POST', '/api/v1/posts', { body: { title: 'Filed for Bob', user_id: BOB } });
    expect(res.body.data).toMatchObject({ author: { id: BOB }, status: null, categories: [], description: '' });
    expect(portal().posts.get(res.body.data.id)!.tab_id).toBe(1);
  });

  it('D-POST-CREATE D-ASSUMED-CONVENTIONS refuses a missing title, unknown references and a long title in Laravel words', async () => {
    const missing = await server.request('POST', '/api/v1/posts', { body: { description: 'x' } });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual(invalid({ title: ['The title field is required.'] }));
    const refs = await server.request('POST', '/api/v1/posts', {
      body: { title: 'x', category_id: 99, status_id: 99, user_id: '99999999-9999-4999-8999-999999999999' },
    });
    expect(refs.body).toEqual(
      invalid({
        category_id: ['The selected category id is invalid.'],
        status_id: ['The selected status id is invalid.'],
        user_id: ['The selected user id is invalid.'],
      }),
    );
    const long = await server.request('POST', '/api/v1/posts', { body: { title: 'x'.repeat(256) } });
    expect(long.body).toEqual(invalid({ title: ['The title field must not be greater than 255 characters.'] }));
  });

  it('D-ASSUMED-CONVENTIONS a read-only key may not create, update or delete a post', async () => {
    for (const [method, path] of [
      ['POST', '/api/v1/posts'],
      ['PATCH', '/api/v1/posts/dark1'],
      ['DELETE', '/api/v1/posts/dark1'],
    ]) {
      const res = await server.request(method, path, { token: READONLY_KEY, body: { title: 'x' } });
      expect(res.status, path).toBe(403);
    }
  });
});

describe('PATCH /api/v1/posts/{key}', () => {
  it('D-POST-UPDATE a new status moves the post to its board and restarts latest_status_change_at', async () => {
    const res = await server.request('PATCH', '/api/v1/posts/dark1', { body: { status_id: 2 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      title: 'Dark mode',
      status: { id: 2, name: 'Planned', tab_name: 'Roadmap' },
      latest_status_change_at: AT,
      updated_at: AT,
      categories: [{ id: 1 }],
    });
    expect(portal().posts.get('dark1')).toMatchObject({ tab_id: 2, status_id: 2 });
  });

  it('D-POST-UPDATE only the fields sent change; category_id null clears the categories, status_id null the status', async () => {
    const res = await server.request('PATCH', '/api/v1/posts/sso22', { body: { category_id: null, status_id: null } });
    expect(res.body.data).toMatchObject({ title: 'SSO login', categories: [], status: null });
    expect(portal().posts.get('sso22')).toMatchObject({ tab_id: 2, category_ids: [], status_id: null });
    const title = await server.request('PATCH', '/api/v1/posts/sso22', { body: { title: 'SAML login' } });
    expect(title.body.data).toMatchObject({ title: 'SAML login', description: 'SAML please', categories: [] });
  });

  it('D-POST-UPDATE an update that changes nothing leaves updated_at alone; an empty title is refused', async () => {
    const before = portal().posts.get('kb001')!.updated_at;
    const same = await server.request('PATCH', '/api/v1/posts/kb001', { body: { title: 'Installation' } });
    expect(same.status).toBe(200);
    expect(portal().posts.get('kb001')!.updated_at).toBe(before);
    const empty = await server.request('PATCH', '/api/v1/posts/kb001', { body: { title: '' } });
    expect(empty.body).toEqual(invalid({ title: ['The title field is required.'] }));
    const unknown = await server.request('PATCH', '/api/v1/posts/zz999', { body: { title: 'x' } });
    expect(unknown.status).toBe(404);
  });
});

describe('DELETE /api/v1/posts/{key}', () => {
  it('D-POST-DELETE deletes the post with its comments and votes, and answers a message', async () => {
    await server.request('POST', `/api/v1/posts/dark1/votes/${BOB}`);
    const res = await server.request('DELETE', '/api/v1/posts/dark1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Post deleted successfully' });
    expect(portal().posts.get('dark1')).toBeUndefined();
    expect(
      portal()
        .comments.list()
        .filter((c) => c.post_key === 'dark1'),
    ).toEqual([]);
    expect(portal().userVotes.list()).toEqual([]);
    expect((await server.request('DELETE', '/api/v1/posts/dark1')).status).toBe(404);
  });
});

describe('events of the assumed writes', () => {
  it('D-POST-CREATE D-POST-UPDATE D-POST-DELETE D-USER-VOTE-ADD D-USER-VOTE-REMOVE emit post.created, post.status_changed, vote.created, vote.deleted and post.deleted', async () => {
    const events = await startTestServer(fixtureSeed(), { now: () => NOW });
    try {
      const created = await events.request('POST', '/api/v1/posts', { body: { title: 'Evented', status_id: 1 } });
      const key = created.body.data.id;
      await events.request('PATCH', `/api/v1/posts/${key}`, { body: { status_id: 2 } });
      await events.request('POST', `/api/v1/posts/${key}/votes/${BOB}`);
      await events.request('DELETE', `/api/v1/posts/${key}/votes/${BOB}`);
      await events.request('DELETE', `/api/v1/posts/${key}`);
      const emitted = events.store.portals[0].eventLog.records().filter((e) => e.type.includes('.'));
      expect(emitted.map((e) => e.type)).toEqual([
        'post.created',
        'post.status_changed',
        'vote.created',
        'vote.deleted',
        'post.deleted',
      ]);
      const changed = emitted[1].payload as any;
      expect(changed.data.previous_status).toMatchObject({ id: 1, name: 'Under review' });
      expect(changed.data.status).toMatchObject({ id: 2, name: 'Planned' });
      const vote = emitted[2].payload as any;
      expect(vote.data.vote).toMatchObject({ id: 1, voter: { id: BOB, name: 'Bob Member' } });
    } finally {
      await events.close();
    }
  });
});
