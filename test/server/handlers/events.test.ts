import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANN, BOB, CARA, fixtureSeed, OTHER_KEY, READONLY_KEY } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

const NOW = new Date('2026-06-01T12:00:00Z');
const AT = NOW.toISOString();

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer(fixtureSeed(), { now: () => NOW });
});
afterEach(() => server.close());

const events = async (token?: string) => {
  const res = await server.request('GET', '/__reference/events', { token });
  expect(res.status).toBe(200);
  return res.body.data;
};
const comment = (key: string, body: Record<string, unknown>) =>
  server.request('POST', `/api/v1/posts/${key}/comments`, { body });
/** fetch drops a Host header, so the other portal is reached through undici. */
async function otherPortalEvents() {
  const res = await request(`${server.url}/__reference/events`, {
    headers: { host: 'other.localhost', authorization: `Bearer ${OTHER_KEY}` },
  });
  return { status: res.statusCode, body: (await res.body.json()) as unknown };
}
/** The portal's comment.created of a comment (D-WEBHOOK-EVENTS-LOG): its envelope as payload, its id beside. */
const commentCreated = (commentId: number) => ({
  type: 'comment.created',
  occurred_at: AT,
  id: expect.stringMatching(/^evt_/),
  payload: expect.objectContaining({
    event: 'comment.created',
    data: expect.objectContaining({ comment: expect.objectContaining({ id: commentId }) }),
  }),
});
const mail = (to: string, subject: string, template: string) => ({
  type: 'mail',
  occurred_at: AT,
  payload: { to, subject, template },
});

describe('events of comments', () => {
  it('no events are recorded before anything happens', async () => {
    expect(await events()).toEqual([]);
  });

  it('R-COMMENT-SILENT D-EVENT-SILENT a silent comment records no CommentCreated event and no e-mail', async () => {
    for (const silent of [true, 1, '1', 'true']) {
      const res = await comment('dark1', { user_id: CARA, comment: 'Quiet import', silent });
      expect(res.status).toBe(200);
    }
    const reply = await comment('dark1', { user_id: ANN, comment: 'Quiet reply', parent_id: 100, silent: true });
    expect(reply.status).toBe(200);
    expect(await events()).toEqual([]);
  });

  it('R-EVENT-COMMENT-CREATED D-EVENT-COMMENT-CREATED creating a comment records CommentCreated and one e-mail to the post author', async () => {
    const res = await comment('dark1', { user_id: CARA, comment: 'Count me in', silent: false });
    expect(await events()).toEqual([
      {
        type: 'CommentCreated',
        occurred_at: AT,
        payload: { comment_id: res.body.data.id, post_key: 'dark1', user_id: CARA },
      },
      mail('bob@test.test', 'New comment on "Dark mode"', 'new_comment'),
      commentCreated(res.body.data.id),
    ]);
  });

  it("D-EVENT-MAILS a reply also mails the parent comment's author", async () => {
    const res = await comment('dark1', { user_id: ANN, comment: 'Noted', parent_id: 100 });
    expect(await events()).toEqual([
      {
        type: 'CommentCreated',
        occurred_at: AT,
        payload: { comment_id: res.body.data.id, post_key: 'dark1', user_id: ANN },
      },
      mail('bob@test.test', 'New comment on "Dark mode"', 'new_comment'),
      mail('cara@test.test', 'New reply to your comment on "Dark mode"', 'new_reply'),
      commentCreated(res.body.data.id),
    ]);
  });

  it('D-EVENT-MAILS the commenter is never mailed about their own comment', async () => {
    const own = await comment('dark1', { user_id: BOB, comment: 'My own post' });
    const ownReply = await comment('dark1', { user_id: CARA, comment: 'Replying to myself', parent_id: 100 });
    expect(await events()).toEqual([
      {
        type: 'CommentCreated',
        occurred_at: AT,
        payload: { comment_id: own.body.data.id, post_key: 'dark1', user_id: BOB },
      },
      commentCreated(own.body.data.id),
      {
        type: 'CommentCreated',
        occurred_at: AT,
        payload: { comment_id: ownReply.body.data.id, post_key: 'dark1', user_id: CARA },
      },
      mail('bob@test.test', 'New comment on "Dark mode"', 'new_comment'),
      commentCreated(ownReply.body.data.id),
    ]);
  });

  it('D-EVENT-MAILS a person who is both post author and parent author gets one e-mail', async () => {
    const res = await comment('dark1', { user_id: CARA, comment: 'Answering Bob', parent_id: 101 });
    expect(await events()).toEqual([
      {
        type: 'CommentCreated',
        occurred_at: AT,
        payload: { comment_id: res.body.data.id, post_key: 'dark1', user_id: CARA },
      },
      mail('bob@test.test', 'New comment on "Dark mode"', 'new_comment'),
      commentCreated(res.body.data.id),
    ]);
  });

  it('a refused comment records nothing', async () => {
    await comment('dark1', { user_id: CARA, comment: 'ab' });
    await comment('dark1', { user_id: '99999999-9999-4999-8999-999999999999', comment: 'Unknown user' });
    await comment('nope9', { user_id: CARA, comment: 'Unknown post' });
    expect(await events()).toEqual([]);
  });

  it('D-EVENT-SILENT updating a comment records nothing; deleting one records only its comment.deleted', async () => {
    await server.request('PUT', '/api/v1/comments/100', { body: { comment: 'Edited', silent: false } });
    expect(await events()).toEqual([]);
    await server.request('DELETE', '/api/v1/comments/103');
    expect((await events()).map((e: { type: string }) => e.type)).toEqual(['comment.deleted']);
  });
});

describe('/__reference/events and /__reference/reset', () => {
  it('R-PORTAL-SCOPE events are scoped to the portal of the key', async () => {
    await comment('dark1', { user_id: CARA, comment: 'Count me in' });
    const other = await otherPortalEvents();
    expect(other.status).toBe(200);
    expect(other.body).toEqual({ data: [], next: 0 });
    expect(await events()).toHaveLength(3);
  });

  it('the inspection endpoints need a non-read-only key of the portal', async () => {
    const none = await server.request('GET', '/__reference/events', { token: null });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ message: 'Unauthenticated.' });
    expect((await server.request('GET', '/__reference/events', { token: OTHER_KEY })).status).toBe(401);
    expect((await server.request('GET', '/__reference/events', { token: READONLY_KEY })).status).toBe(403);
    expect((await server.request('POST', '/__reference/reset', { token: READONLY_KEY })).status).toBe(403);
  });

  it('events answers GET only and reset answers POST only (405)', async () => {
    const post = await server.request('POST', '/__reference/events');
    expect(post.status).toBe(405);
    expect(post.body).toEqual({
      message: 'The POST method is not supported for route __reference/events. Supported methods: GET.',
    });
    expect((await server.request('GET', '/__reference/reset')).status).toBe(405);
  });

  it('reset reloads the portal from the seed: comments and events as at start', async () => {
    await comment('dark1', { user_id: CARA, comment: 'Count me in', tagged_for_changelog: true });
    await server.request('DELETE', '/api/v1/comments/100');
    const res = await server.request('POST', '/__reference/reset');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Portal reset to its seed.' });
    expect(await events()).toEqual([]);
    const list = await server.request('GET', '/api/v1/posts/dark1/comments');
    expect(
      list.body.data.map((c: { id: number; tagged_for_changelog: boolean }) => [c.id, c.tagged_for_changelog]),
    ).toEqual([
      [100, false],
      [101, false],
      [102, false],
      [103, true],
    ]);
  });

  it('after a reset new comments record events again, from an empty list', async () => {
    await comment('dark1', { user_id: CARA, comment: 'Before reset' });
    await server.request('POST', '/__reference/reset');
    const res = await comment('dark1', { user_id: CARA, comment: 'After reset' });
    expect(res.body.data.id).toBe(106);
    expect((await events()).map((e: { type: string }) => e.type)).toEqual([
      'CommentCreated',
      'mail',
      'comment.created',
    ]);
  });
});
