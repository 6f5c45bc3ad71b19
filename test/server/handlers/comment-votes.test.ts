import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSeed } from '../../../src/server/store/seeding/load-seed.js';
import type { SeedFile } from '../../../src/seed-file/seed-file.js';
import { Store } from '../../../src/server/store/store.js';
import { ANN, BOB, CARA, fixtureSeed } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

const NOW = new Date('2026-06-01T12:30:00Z');
const VISITOR = '5d41402abc4b2a76b9719d911017c592';

/** The fixture plus a post whose key is all digits (and is also a comment's id), and a comment on a pending post. */
function commentVotesSeed(): SeedFile {
  const seed = fixtureSeed();
  const portal = seed.portals[0];
  portal.posts!.push({ key: '101', database_id: 9, title: 'A post keyed 101', author_id: ANN, tab_id: 1 });
  portal.comments!.push(
    { id: 106, post_key: 'pend3', user_id: BOB, comment: 'On a pending post', created_at: '2026-02-16T00:00:00Z' },
    { id: 107, post_key: 'sso22', user_id: CARA, comment: 'Liked already', votes_count: 3 },
  );
  return seed;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(commentVotesSeed(), { now: () => NOW });
});
afterAll(() => server.close());

const path = (key: string, id: string) => `/api/v1/posts/${key}/anonymous_votes/${id}`;
const commentOf = async (postKey: string, id: number) =>
  (await server.request('GET', `/api/v1/posts/${postKey}/comments`)).body.data.find((c: { id: number }) => c.id === id);
const counterOf = async (user: string) =>
  (await server.request('GET', `/api/v1/users/${user}`)).body.data.counter_comment_votes;
const portalEvents = async () =>
  (await server.request('GET', '/__reference/events?portal_only=1')).body.data.map(
    (e: { payload: unknown }) => e.payload,
  );

describe('anonymous votes on comments', () => {
  it('R-VOTE-COMMENT a numeric key names a comment: POST votes on comment 100 and answers {data: {created_at, voter: null}}', async () => {
    const res = await server.request('POST', path('100', VISITOR));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { created_at: '2026-06-01T12:30:00.000000Z', voter: null } });
    expect(server.store.portals[0].commentVotes.list()).toEqual([
      { comment_id: 100, anonymous_id: VISITOR, created_at: '2026-06-01T12:30:00.000Z' },
    ]);
    // The post itself got no vote.
    expect(server.store.portals[0].votes.list()).toEqual([]);
  });

  it("D-VOTE-COMMENT-COUNTS the comment's votes_count and its author's counter_comment_votes move with the vote", async () => {
    expect((await commentOf('dark1', 100)).votes_count).toBe(1);
    expect(await counterOf(CARA)).toBe(4); // 3 seeded on comment 107, and this one
    expect(await counterOf(BOB)).toBe(0);
  });

  it('R-VOTE-TWICE a second vote of the same anonymous user on the comment is refused', async () => {
    const res = await server.request('POST', path('100', VISITOR));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'Anonymous user has already voted for this item.' });
    expect((await commentOf('dark1', 100)).votes_count).toBe(1);
  });

  it('D-WEBHOOK-COMMENT-VOTE vote.created carries the vote, the comment, its post, no user, and the portal', async () => {
    const event = (await portalEvents()).at(-1);
    expect(event.event).toBe('vote.created');
    expect(event.data.vote).toEqual({
      id: null,
      created_at: '2026-06-01T12:30:00.000000Z',
      voter: null,
      anonymous_id: VISITOR,
    });
    expect(event.data.comment).toMatchObject({ id: 100, comment: 'Yes please!', votes_count: 1 });
    expect(event.data.post).toMatchObject({ id: 'dark1', votes_count: 5 });
    expect(event.data.user).toBeNull();
    expect(Object.keys(event.data)).toEqual(['vote', 'comment', 'post', 'user', 'portal']);
  });

  it('R-VOTE-REMOVE DELETE revokes the vote on the comment, answers {} and lowers both counts; vote.deleted pairs with it', async () => {
    const res = await server.request('DELETE', path('100', VISITOR));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect((await commentOf('dark1', 100)).votes_count).toBe(0);
    expect(await counterOf(CARA)).toBe(3);
    const event = (await portalEvents()).at(-1);
    expect(event.event).toBe('vote.deleted');
    expect(event.data.vote.anonymous_id).toBe(VISITOR);
    expect(event.data.comment).toMatchObject({ id: 100, votes_count: 0 });
  });

  it('R-VOTE-NOT-YET revoking a vote the anonymous user has not cast on the comment is refused', async () => {
    const res = await server.request('DELETE', path('100', VISITOR));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'Anonymous user has not voted yet.' });
  });

  it('R-VOTE-NOT-VOTEABLE D-VOTE-COMMENT-VOTEABLE pending and rejected comments, and comments of a pending post, are not voteable', async () => {
    for (const id of ['104', '105', '106']) {
      for (const method of ['POST', 'DELETE']) {
        const res = await server.request(method, path(id, VISITOR));
        expect(res.status, `${method} ${id}`).toBe(422);
        expect(res.body).toEqual({ message: 'Item is not voteable.' });
      }
    }
    expect(server.store.portals[0].commentVotes.list()).toEqual([]);
  });

  it('D-VOTE-KEY a post whose key is all digits keeps its votes: key 101 votes on that post, not on comment 101', async () => {
    const res = await server.request('POST', path('101', VISITOR));
    expect(res.status).toBe(200);
    expect(server.store.portals[0].votes.list()).toEqual([
      { post_key: '101', anonymous_id: VISITOR, created_at: '2026-06-01T12:30:00.000Z' },
    ]);
    expect((await commentOf('dark1', 101)).votes_count).toBe(0);
  });

  it("D-VOTE-COMMENT-COUNTS deleting a voted comment takes its votes and its author's count with it", async () => {
    expect((await server.request('POST', path('102', VISITOR))).status).toBe(200);
    expect(await counterOf(ANN)).toBe(1);
    expect((await server.request('DELETE', '/api/v1/comments/102')).status).toBe(200);
    expect(await counterOf(ANN)).toBe(0);
    expect(server.store.portals[0].commentVotes.list()).toEqual([]);
  });
});

describe('comment votes in the seed format', () => {
  const seeded = (): SeedFile => {
    const seed = commentVotesSeed();
    seed.portals[0].comment_votes = [{ comment_id: 107, anonymous_id: VISITOR, created_at: '2026-03-01T00:00:00Z' }];
    return seed;
  };

  it('D-VOTE-COMMENT-SEED comment_votes load, count in the author counter only through votes_count, and dump back', () => {
    const store = new Store(loadSeed(seeded(), NOW));
    expect(store.portals[0].commentVotes.list()).toEqual([
      { comment_id: 107, anonymous_id: VISITOR, created_at: '2026-03-01T00:00:00Z' },
    ]);
    expect(store.portals[0].users.counts(CARA).commentVotes).toBe(3);
    expect(store.state.portals[0].comment_votes).toEqual(seeded().portals[0].comment_votes);
  });

  it('D-VOTE-COMMENT-SEED a vote on an unknown comment, or a second vote of one anonymous user, is refused by path', () => {
    const seed = seeded();
    seed.portals[0].comment_votes!.push(
      { comment_id: 999, anonymous_id: VISITOR, created_at: '2026-03-01T00:00:00Z' },
      { comment_id: 107, anonymous_id: VISITOR, created_at: '2026-03-02T00:00:00Z' },
    );
    expect(() => loadSeed(seed, NOW)).toThrow(
      /portals\[0\]\.comment_votes\[1\]\.comment_id: unknown comment[\s\S]*portals\[0\]\.comment_votes\[2\]\.anonymous_id: the anonymous user already voted for this comment/,
    );
  });
});
