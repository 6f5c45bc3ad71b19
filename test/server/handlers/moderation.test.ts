import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { SeedFile } from '../../../src/seed-file/seed-file.js';
import { ANN, CARA, fixtureSeed, READONLY_KEY } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

const NOW = new Date('2026-06-01T12:00:00Z');
const AT = '2026-06-01T12:00:00.000000Z';
const invalid = (errors: Record<string, string[]>) => ({ message: 'The given data was invalid.', errors });

let server: TestServer;
async function start(seed: SeedFile = fixtureSeed()): Promise<TestServer> {
  server = await startTestServer(seed, { now: () => NOW });
  return server;
}
afterEach(() => server?.close());

function cara() {
  const md5 = createHash('md5').update('cara@test.test').digest('hex');
  return {
    id: CARA,
    database_id: 3,
    name: 'Cara Customer',
    role: 'member',
    profile_url: `${server.url}/users/3`,
    avatar_small_url: `https://www.gravatar.com/avatar/${md5}?s=64&d=identicon`,
  };
}

const pendingPost = (overrides: Record<string, unknown> = {}) => ({
  type: 'post',
  id: 'pend3',
  database_id: 3,
  title: 'Pending idea',
  excerpt: 'Waiting for review',
  author: cara(),
  moderation_status: 'pending',
  created_at: '2026-02-03T00:00:00.000000Z',
  url: `${server.url}/p/pend3`,
  moderated_by: null,
  moderated_at: null,
  ...overrides,
});

const pendingComment = (overrides: Record<string, unknown> = {}) => ({
  type: 'comment',
  id: 104,
  comment: 'Pending comment',
  excerpt: 'Pending comment',
  author: cara(),
  post: { id: 'sso22', title: 'SSO login' },
  parent_id: null,
  moderation_status: 'pending',
  created_at: '2026-02-14T00:00:00.000000Z',
  url: `${server.url}/p/sso22#comment-104`,
  moderated_by: null,
  moderated_at: null,
  ...overrides,
});

/** The fixture plus 45 pending posts (database ids 10-54) and 25 pending comments (ids 200-224). */
function crowdedSeed(): SeedFile {
  const seed = fixtureSeed();
  const portal = seed.portals[0];
  for (let id = 10; id <= 54; id++) {
    portal.posts!.push({
      key: `q${id}`,
      database_id: id,
      title: `Queued ${id}`,
      author_id: CARA,
      tab_id: 1,
      moderation_status: 'pending',
      created_at: new Date(Date.UTC(2026, 3, 1, 0, id)).toISOString(),
    });
  }
  for (let id = 200; id <= 224; id++) {
    portal.comments!.push({
      id,
      post_key: 'dark1',
      user_id: CARA,
      comment: `Queued comment ${id}`,
      moderation_status: 'pending',
      created_at: new Date(Date.UTC(2026, 3, 1, 1, id - 200)).toISOString(),
    });
  }
  return seed;
}

const pending = (query = '') => server.request('GET', `/api/v1/moderation/pending${query}`);
const act = (action: 'approve' | 'reject', type: string, id: string | number, token?: string) =>
  server.request('POST', `/api/v1/moderation/${action}/${type}/${id}`, { token });
const events = async () => (await server.request('GET', '/__reference/events')).body.data;

describe('moderation.pending', () => {
  it('R-MOD-PENDING D-MOD-ITEMS pending lists pending posts and comments in one response with cursors in meta', async () => {
    await start();
    const res = await pending();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: { posts: [pendingPost()], comments: [pendingComment()] },
      meta: { per_page: 20, has_more_posts: false, has_more_comments: false, last_post_id: 3, last_comment_id: 104 },
    });
  });

  it('D-MOD-ORDER pending lists newest first and last_post_id returns posts with a smaller id', async () => {
    await start(crowdedSeed());
    const first = await pending();
    const ids = (r: typeof first) => r.body.data.posts.map((p: { database_id: number }) => p.database_id);
    expect(ids(first)).toEqual(Array.from({ length: 20 }, (_, i) => 54 - i));
    expect(first.body.meta).toMatchObject({ has_more_posts: true, last_post_id: 35 });

    const second = await pending('?last_post_id=35');
    expect(ids(second)).toEqual(Array.from({ length: 20 }, (_, i) => 34 - i));
    expect(second.body.meta).toMatchObject({ has_more_posts: true, last_post_id: 15 });

    const third = await pending('?last_post_id=15');
    expect(ids(third)).toEqual([14, 13, 12, 11, 10, 3]);
    expect(third.body.meta).toMatchObject({ has_more_posts: false, last_post_id: 3 });
  });

  it('last_comment_id returns comments with a smaller id, newest first', async () => {
    await start(crowdedSeed());
    const ids = (r: { body: any }) => r.body.data.comments.map((c: { id: number }) => c.id);
    const first = await pending();
    expect(ids(first)).toEqual(Array.from({ length: 20 }, (_, i) => 224 - i));
    expect(first.body.meta).toMatchObject({ has_more_comments: true, last_comment_id: 205 });
    const second = await pending('?last_comment_id=205');
    expect(ids(second)).toEqual([204, 203, 202, 201, 200, 104]);
    expect(second.body.meta).toMatchObject({ has_more_comments: false, last_comment_id: 104 });
  });

  it('D-MOD-PENDING-PAGES each collection is paged on its own cursor, 20 items per page', async () => {
    await start(crowdedSeed());
    const res = await pending('?last_post_id=20&last_comment_id=210');
    expect(res.body.data.posts.map((p: { database_id: number }) => p.database_id)).toEqual([
      19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 3,
    ]);
    expect(res.body.data.comments.map((c: { id: number }) => c.id)).toEqual([
      209, 208, 207, 206, 205, 204, 203, 202, 201, 200, 104,
    ]);
    expect(res.body.meta).toEqual({
      per_page: 20,
      has_more_posts: false,
      has_more_comments: false,
      last_post_id: 3,
      last_comment_id: 104,
    });
  });

  it('following the cursors visits every pending item exactly once', async () => {
    await start(crowdedSeed());
    const seenPosts: number[] = [];
    const seenComments: number[] = [];
    let query = '';
    for (let page = 0; page < 10; page++) {
      const res = await pending(query);
      seenPosts.push(...res.body.data.posts.map((p: { database_id: number }) => p.database_id));
      seenComments.push(...res.body.data.comments.map((c: { id: number }) => c.id));
      const { meta } = res.body;
      if (!meta.has_more_posts && !meta.has_more_comments) break;
      query = `?last_post_id=${meta.last_post_id}&last_comment_id=${meta.last_comment_id}`;
    }
    expect(seenPosts).toHaveLength(46);
    expect(new Set(seenPosts).size).toBe(46);
    expect(seenComments).toHaveLength(26);
    expect(new Set(seenComments).size).toBe(26);
  });

  it('D-MOD-PENDING-PAGES an exhausted collection answers an empty page and echoes its cursor', async () => {
    await start();
    const res = await pending('?last_post_id=3&last_comment_id=104');
    expect(res.body).toEqual({
      data: { posts: [], comments: [] },
      meta: { per_page: 20, has_more_posts: false, has_more_comments: false, last_post_id: 3, last_comment_id: 104 },
    });
  });

  it('D-MOD-PENDING-PAGES an empty queue has null cursors', async () => {
    const seed = fixtureSeed();
    seed.portals[0].posts = seed.portals[0].posts!.filter((p) => p.moderation_status !== 'pending');
    seed.portals[0].comments = seed.portals[0].comments!.filter((c) => c.moderation_status !== 'pending');
    await start(seed);
    expect((await pending()).body.meta).toEqual({
      per_page: 20,
      has_more_posts: false,
      has_more_comments: false,
      last_post_id: null,
      last_comment_id: null,
    });
  });

  it('D-MOD-QUERY-INTEGERS last_post_id and last_comment_id must be integers', async () => {
    await start();
    const res = await pending('?last_post_id=abc&last_comment_id=1.5');
    expect(res.status).toBe(422);
    expect(res.body).toEqual(
      invalid({
        last_post_id: ['The last post id field must be an integer.'],
        last_comment_id: ['The last comment id field must be an integer.'],
      }),
    );
  });
});

describe('moderation.rejected', () => {
  it('R-MOD-REJECTED rejected lists rejected posts and comments, page 1 by default', async () => {
    await start();
    const res = await server.request('GET', '/api/v1/moderation/rejected');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        posts: [
          pendingPost({
            id: 'rej44',
            database_id: 4,
            title: 'Spam post',
            excerpt: 'buy now',
            moderation_status: 'rejected',
            created_at: '2026-02-04T00:00:00.000000Z',
            url: `${server.url}/p/rej44`,
          }),
        ],
        comments: [
          pendingComment({
            id: 105,
            comment: 'Rejected comment',
            excerpt: 'Rejected comment',
            moderation_status: 'rejected',
            created_at: '2026-02-15T00:00:00.000000Z',
            url: `${server.url}/p/sso22#comment-105`,
          }),
        ],
      },
      meta: { current_page: 1, per_page: 20, has_more_posts: false, has_more_comments: false },
    });
  });

  it('D-MOD-REJECTED-PAGES rejected is paged 20 per page, newest first', async () => {
    const seed = crowdedSeed();
    for (const p of seed.portals[0].posts!) if (p.moderation_status === 'pending') p.moderation_status = 'rejected';
    await start(seed);
    const page1 = await server.request('GET', '/api/v1/moderation/rejected?page=1');
    expect(page1.body.data.posts.map((p: { database_id: number }) => p.database_id)).toEqual(
      Array.from({ length: 20 }, (_, i) => 54 - i),
    );
    expect(page1.body.meta).toEqual({ current_page: 1, per_page: 20, has_more_posts: true, has_more_comments: false });
    const page3 = await server.request('GET', '/api/v1/moderation/rejected?page=3');
    expect(page3.body.data.posts.map((p: { database_id: number }) => p.database_id)).toEqual([
      14, 13, 12, 11, 10, 4, 3,
    ]);
    expect(page3.body.data.comments).toEqual([]);
    expect(page3.body.meta).toEqual({ current_page: 3, per_page: 20, has_more_posts: false, has_more_comments: false });
  });

  it('D-MOD-QUERY-INTEGERS page must be an integer of at least 1', async () => {
    await start();
    expect((await server.request('GET', '/api/v1/moderation/rejected?page=0')).body).toEqual(
      invalid({ page: ['The page field must be at least 1.'] }),
    );
    expect((await server.request('GET', '/api/v1/moderation/rejected?page=x')).body).toEqual(
      invalid({ page: ['The page field must be an integer.'] }),
    );
  });
});

describe('moderation.approve and moderation.reject', () => {
  it('R-MOD-APPROVE approving a pending post answers "Post approved successfully" with the item, moderator and time recorded', async () => {
    await start();
    const res = await act('approve', 'post', 'pend3');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Post approved successfully',
      data: pendingPost({ moderation_status: 'approved', moderated_by: ANN, moderated_at: AT }),
    });
    const post = server.store.portals[0].posts.list().find((p) => p.key === 'pend3')!;
    expect(post).toMatchObject({ moderation_status: 'approved', moderated_by: ANN, moderated_at: NOW.toISOString() });
  });

  it('R-MOD-APPROVE-JOBS D-EVENT-JOBS approving a post dispatches translation, auto_tagging and auto_reply jobs', async () => {
    await start();
    await act('approve', 'post', 'pend3');
    const occurred_at = NOW.toISOString();
    expect(await events()).toEqual([
      { type: 'job', occurred_at, payload: { job: 'translation', post_key: 'pend3' } },
      { type: 'job', occurred_at, payload: { job: 'auto_tagging', post_key: 'pend3' } },
      { type: 'job', occurred_at, payload: { job: 'auto_reply', post_key: 'pend3' } },
      // D-WEBHOOK-APPROVAL the post becomes visible now: its post.created is emitted now.
      expect.objectContaining({
        type: 'post.created',
        occurred_at,
        payload: expect.objectContaining({ event: 'post.created' }),
      }),
    ]);
  });

  it('D-EVENT-JOBS rejecting a post answers "Post rejected successfully" and dispatches no job', async () => {
    await start();
    const res = await act('reject', 'post', 'pend3');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Post rejected successfully',
      data: pendingPost({ moderation_status: 'rejected', moderated_by: ANN, moderated_at: AT }),
    });
    expect(await events()).toEqual([]);
  });

  it('D-MOD-ANSWERS approving and rejecting a comment answer "Comment approved/rejected successfully"; only the approval is announced', async () => {
    const seed = fixtureSeed();
    seed.portals[0].comments!.push({
      id: 106,
      post_key: 'dark1',
      user_id: CARA,
      comment: 'Second pending',
      moderation_status: 'pending',
    });
    await start(seed);
    const approved = await act('approve', 'comment', 104);
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({
      message: 'Comment approved successfully',
      data: pendingComment({ moderation_status: 'approved', moderated_by: ANN, moderated_at: AT }),
    });
    const rejected = await act('reject', 'comment', 106);
    expect(rejected.body).toMatchObject({
      message: 'Comment rejected successfully',
      data: { id: 106, moderation_status: 'rejected' },
    });
    // D-WEBHOOK-APPROVAL the approved comment becomes visible: comment.created; the rejected one: nothing.
    expect((await events()).map((e: { type: string; payload: any }) => [e.type, e.payload.data?.comment.id])).toEqual([
      ['comment.created', 104],
    ]);
  });

  it('D-MOD-TRANSITIONS approve only from pending: an approved comment stays approved and the answer is 422', async () => {
    await start();
    const res = await act('approve', 'comment', 100);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'The comment is already approved.' });
    expect(server.store.portals[0].comments.list().find((c) => c.id === 100)).toMatchObject({
      moderation_status: 'approved',
      moderated_at: null,
    });
  });

  it('approve only from pending: a rejected post stays rejected and the answer is 422', async () => {
    await start();
    const res = await act('approve', 'post', 'rej44');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'The post is already rejected.' });
    expect(server.store.portals[0].posts.list().find((p) => p.key === 'rej44')!.moderation_status).toBe('rejected');
    expect(await events()).toEqual([]);
  });

  it('D-MOD-TRANSITIONS reject only from pending: an approved post or a rejected comment is unchanged and the answer is 422', async () => {
    await start();
    const post = await act('reject', 'post', 'dark1');
    expect(post.status).toBe(422);
    expect(post.body).toEqual({ message: 'The post is already approved.' });
    const comment = await act('reject', 'comment', 105);
    expect(comment.status).toBe(422);
    expect(comment.body).toEqual({ message: 'The comment is already rejected.' });
    expect(server.store.portals[0].posts.list().find((p) => p.key === 'dark1')!.moderation_status).toBe('approved');
  });

  it('approving twice: the second answer says "already approved" and dispatches no more jobs', async () => {
    await start();
    expect((await act('approve', 'post', 'pend3')).status).toBe(200);
    const again = await act('approve', 'post', 'pend3');
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ message: 'The post is already approved.' });
    expect(await events()).toHaveLength(4);
  });

  it('R-MOD-REJECT a rejected item is hidden from the pending queue, kept, and listed by rejected', async () => {
    await start();
    await act('reject', 'comment', 104);
    expect((await pending()).body.data.comments).toEqual([]);
    const rejected = await server.request('GET', '/api/v1/moderation/rejected');
    expect(rejected.body.data.comments.map((c: { id: number }) => c.id)).toEqual([105, 104]);
    expect(server.store.portals[0].comments.list().some((c) => c.id === 104)).toBe(true);
  });

  it('D-MOD-UNKNOWN moderating an unknown post is 404 "No query results for model [App\\Models\\Post] <key>"', async () => {
    await start();
    const res = await act('approve', 'post', 'nope9');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No query results for model [App\\Models\\Post] nope9' });
  });

  it('R-MOD-TARGET D-MOD-UNKNOWN moderating an unknown or non-numeric comment is 404 "No query results for model [App\\Models\\Comment] <id>"', async () => {
    await start();
    for (const id of ['999', 'abc']) {
      const res = await act('reject', 'comment', id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: `No query results for model [App\\Models\\Comment] ${id}` });
    }
  });

  it('R-MOD-TARGET D-MOD-UNKNOWN a type other than post or comment is 404', async () => {
    await start();
    const res = await act('approve', 'user', 1);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'The route api/v1/moderation/approve/user/1 could not be found.' });
  });

  it('a read-only key cannot moderate (403)', async () => {
    await start();
    expect((await act('approve', 'post', 'pend3', READONLY_KEY)).status).toBe(403);
    expect(server.store.portals[0].posts.list().find((p) => p.key === 'pend3')!.moderation_status).toBe('pending');
  });

  it('D-MOD-MODERATOR moderated_by is null when the portal has no admin user', async () => {
    const seed = fixtureSeed();
    seed.portals[0].users![0].role = 'member';
    await start(seed);
    expect((await act('approve', 'post', 'pend3')).body.data).toMatchObject({ moderated_by: null, moderated_at: AT });
  });
});
