import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeedFile } from '../../../src/seed-file/seed-file.js';
import { ANN, fixtureSeed, READONLY_KEY } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

const NOW = new Date('2026-06-01T12:30:00Z');
const VISITOR = '5d41402abc4b2a76b9719d911017c592';
const OTHER_VISITOR = '7d793037a0760186574b0282f2f435e7';

/** The fixture plus a changelog entry. */
function votesSeed(): SeedFile {
  const seed = fixtureSeed();
  const portal = seed.portals[0];
  portal.tabs!.push({ id: 4, slug: 'changelog', name: 'Changelog', type: 'changelog' });
  portal.posts!.push({ key: 'chg01', database_id: 7, title: 'Released 2.0', author_id: ANN, tab_id: 4 });
  portal.posts!.push({ key: 'notab', database_id: 8, title: 'Loose idea', author_id: ANN });
  return seed;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(votesSeed(), { now: () => NOW });
});
afterAll(() => server.close());

const path = (key: string, id: string) => `/api/v1/posts/${key}/anonymous_votes/${id}`;
const portal = () => server.store.portals[0];
const votesOf = (key: string) =>
  portal()
    .posts.list()
    .find((p) => p.key === key)!.votes_count;

describe('anonymous votes', () => {
  it('R-VOTE-FIELDS R-VOTE-ADD POST adds a vote for the anonymous user and answers {data: {created_at, voter: null}}', async () => {
    const res = await server.request('POST', path('dark1', VISITOR));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { created_at: '2026-06-01T12:30:00.000000Z', voter: null } });
    expect(portal().votes.list()).toEqual([
      { post_key: 'dark1', anonymous_id: VISITOR, created_at: '2026-06-01T12:30:00.000Z' },
    ]);
  });

  it("D-VOTE-ANSWERS a vote raises the post's votes_count by one, as the list shows", async () => {
    expect(votesOf('dark1')).toBe(6);
    const list = await server.request('GET', '/api/v1/posts?version=1.0');
    expect(list.body.data[0].votes_count).toBe(6);
  });

  it('R-VOTE-TWICE an anonymous user who already voted is refused: "Anonymous user has already voted for this item."', async () => {
    const res = await server.request('POST', path('dark1', VISITOR));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'Anonymous user has already voted for this item.' });
    expect(votesOf('dark1')).toBe(6);
    expect(portal().votes.list()).toHaveLength(1);
  });

  it('each anonymous user votes once per item, independently of others and of other items', async () => {
    expect((await server.request('POST', path('dark1', OTHER_VISITOR))).status).toBe(200);
    expect((await server.request('POST', path('sso22', VISITOR))).status).toBe(200);
    expect(votesOf('dark1')).toBe(7);
    expect(votesOf('sso22')).toBe(10);
  });

  it('R-VOTE-REMOVE DELETE revokes the vote, answers {} and lowers votes_count by one', async () => {
    const res = await server.request('DELETE', path('dark1', VISITOR));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(votesOf('dark1')).toBe(6);
    expect(
      portal()
        .votes.list()
        .some((v) => v.post_key === 'dark1' && v.anonymous_id === VISITOR),
    ).toBe(false);
  });

  it('R-VOTE-NOT-YET revoking without a vote is refused: "Anonymous user has not voted yet."', async () => {
    const res = await server.request('DELETE', path('dark1', VISITOR));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'Anonymous user has not voted yet.' });
    expect(votesOf('dark1')).toBe(6);
  });

  it('a revoked vote can be cast again', async () => {
    expect((await server.request('POST', path('dark1', VISITOR))).status).toBe(200);
    expect(votesOf('dark1')).toBe(7);
  });

  it('D-VOTE-VOTEABLE a post on no tab can be voted on', async () => {
    expect((await server.request('POST', path('notab', VISITOR))).status).toBe(200);
    expect(votesOf('notab')).toBe(1);
  });

  it('R-VOTE-NOT-VOTEABLE pending and rejected posts, changelog entries and knowledge-base articles are not voteable', async () => {
    for (const key of ['pend3', 'rej44', 'chg01', 'kb001']) {
      for (const method of ['POST', 'DELETE']) {
        const res = await server.request(method, path(key, VISITOR));
        expect(res.status, `${method} ${key}`).toBe(422);
        expect(res.body).toEqual({ message: 'Item is not voteable.' });
      }
    }
    expect(
      portal()
        .votes.list()
        .some((v) => ['pend3', 'rej44', 'chg01', 'kb001'].includes(v.post_key)),
    ).toBe(false);
  });

  it('voting on an unknown post is 404 "No query results for model [App\\Models\\Post] <key>"', async () => {
    for (const method of ['POST', 'DELETE']) {
      const res = await server.request(method, path('nope9', VISITOR));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'No query results for model [App\\Models\\Post] nope9' });
    }
  });

  it('D-VOTE-KEY a numeric key that names no post and no comment is an unknown comment (404)', async () => {
    for (const method of ['POST', 'DELETE']) {
      const res = await server.request(method, path('999', VISITOR));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'No query results for model [App\\Models\\Comment] 999' });
    }
  });

  it('D-VOTE-ANONYMOUS-ID any anonymous id string is accepted, MD5-shaped or not', async () => {
    const res = await server.request('POST', path('sso22', 'visitor-42'));
    expect(res.status).toBe(200);
    expect(portal().votes.list().at(-1)).toMatchObject({ post_key: 'sso22', anonymous_id: 'visitor-42' });
  });

  it('a read-only key cannot vote (403)', async () => {
    const res = await server.request('POST', path('sso22', 'read-only-visitor'), { token: READONLY_KEY });
    expect(res.status).toBe(403);
    expect(
      portal()
        .votes.list()
        .some((v) => v.anonymous_id === 'read-only-visitor'),
    ).toBe(false);
  });

  it('a vote needs credentials (401)', async () => {
    const res = await server.request('POST', path('sso22', 'nobody'), { token: null });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthenticated.' });
  });
});
