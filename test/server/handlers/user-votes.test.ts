import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSeed, SeedError } from '../../../src/server/store/seeding/load-seed.js';
import { Store } from '../../../src/server/store/store.js';
import { ANN, BOB, CARA, fixtureSeed } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

const NOW = new Date('2026-06-01T12:30:00Z');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(fixtureSeed(), { now: () => NOW });
});
afterAll(() => server.close());

const portal = () => server.store.portals[0];
const votes = (key: string) => `/api/v1/posts/${key}/votes`;

describe('votes of named users', () => {
  it('D-USER-VOTE-ADD a user votes by UUID or integer id; the post counts it and the vote names its voter', async () => {
    const res = await server.request('POST', `${votes('dark1')}/${BOB}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: 1,
      created_at: '2026-06-01T12:30:00.000000Z',
      voter: { id: BOB, database_id: 2, name: 'Bob Member', email: 'bob@test.test', counter_votes: 1 },
    });
    expect((await server.request('POST', `${votes('dark1')}/3`)).body.data.voter.id).toBe(CARA);
    expect(portal().posts.get('dark1')!.votes_count).toBe(7);
  });

  it('D-USER-VOTE-ADD a second vote of the same user is refused with a message alone', async () => {
    const res = await server.request('POST', `${votes('dark1')}/${BOB.toUpperCase()}`);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'User has already voted for this item.' });
    expect(portal().posts.get('dark1')!.votes_count).toBe(7);
  });

  it('D-USER-VOTE-ADD an unknown post, then an unknown user, is 404; a pending post is not voteable', async () => {
    const post = await server.request('POST', `${votes('zz999')}/99`);
    expect(post.body).toEqual({ message: 'No query results for model [App\\Models\\Post] zz999' });
    const user = await server.request('POST', `${votes('dark1')}/99`);
    expect(user.status).toBe(404);
    expect(user.body).toEqual({ message: 'No query results for model [App\\Models\\User] 99' });
    const pending = await server.request('POST', `${votes('pend3')}/${ANN}`);
    expect(pending.status).toBe(422);
    expect(pending.body).toEqual({ message: 'Item is not voteable.' });
  });

  it('D-USER-VOTE-LIST lists the users votes on a post, oldest first, each with its voter', async () => {
    const res = await server.request('GET', votes('dark1'));
    expect(res.status).toBe(200);
    expect(res.body.data.map((v: any) => [v.id, v.voter.id])).toEqual([
      [1, BOB],
      [2, CARA],
    ]);
    expect((await server.request('GET', votes('sso22'))).body).toEqual({ data: [] });
    expect((await server.request('GET', votes('zz999'))).status).toBe(404);
  });

  it('D-USER-VOTE-REMOVE takes the vote back and answers {}; without a vote it is refused', async () => {
    const res = await server.request('DELETE', `${votes('dark1')}/2`);
    expect(res.status).toBe(200);
    expect(res.text).toBe('{}');
    expect(portal().posts.get('dark1')!.votes_count).toBe(6);
    const again = await server.request('DELETE', `${votes('dark1')}/2`);
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ message: 'User has not voted yet.' });
  });

  it('D-USER-VOTES-STORED the vote ids count on past every id handed out; the user counter follows', async () => {
    const res = await server.request('POST', `${votes('sso22')}/${BOB}`);
    expect(res.body.data.id).toBe(3);
    const user = await server.request('GET', `/api/v1/users/${BOB}`);
    expect(user.body.data.counter_votes).toBe(1);
  });
});

describe('user votes in the seed', () => {
  it('D-USER-VOTES-STORED a seed carries user votes; a dump writes them back as they were loaded', () => {
    const seed = fixtureSeed();
    seed.portals[0].user_votes = [{ post_key: 'dark1', user_id: BOB, created_at: '2026-02-20T00:00:00Z' }];
    const state = loadSeed(seed, NOW);
    expect(state.portals[0].user_votes).toEqual([
      { id: 1, post_key: 'dark1', user_id: BOB, created_at: '2026-02-20T00:00:00Z' },
    ]);
    const store = new Store(state);
    try {
      expect(loadSeed(store.state, NOW).portals[0].user_votes).toEqual(state.portals[0].user_votes);
      expect(store.portals[0].users.counts(BOB).votes).toBe(1);
    } finally {
      store.close();
    }
  });

  it('D-USER-VOTES-STORED a seed vote must name a known post and user, once per pair', () => {
    const seed = fixtureSeed();
    seed.portals[0].user_votes = [
      { post_key: 'nope', user_id: BOB },
      { post_key: 'dark1', user_id: 'nobody' },
      { post_key: 'dark1', user_id: ANN },
      { post_key: 'dark1', user_id: ANN },
    ];
    const problems = (() => {
      try {
        loadSeed(seed, NOW);
        return [];
      } catch (err) {
        return (err as SeedError).problems;
      }
    })();
    expect(problems).toEqual([
      'portals[0].user_votes[0].post_key: unknown post',
      'portals[0].user_votes[1].user_id: unknown user',
      'portals[0].user_votes[3].user_id: the user already voted for this post',
    ]);
  });
});
