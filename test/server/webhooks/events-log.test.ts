import { afterEach, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '../../../src/contract/schemas/webhook.js';
import { CARA, fixtureSeed } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

let server: TestServer;
afterEach(() => server?.close());

const log = async (query = '') => (await server.request('GET', `/__reference/events${query}`)).body;

describe('D-WEBHOOK-EVENTS-LOG GET /__reference/events', () => {
  it('lists mail and the portal events in order; after= and next follow it; portal_only= keeps the portal events', async () => {
    server = await startTestServer();
    await server.request('POST', '/api/v1/posts/dark1/comments', { body: { comment: 'First one', user_id: CARA } });
    const first = await log();
    expect(first.data.map((e: { type: string }) => e.type)).toEqual(['CommentCreated', 'mail', 'comment.created']);
    expect(first.data[2]).toEqual({
      type: 'comment.created',
      occurred_at: expect.any(String),
      payload: expect.objectContaining({ id: first.data[2].id, event: 'comment.created' }),
      id: expect.stringMatching(/^evt_/),
    });
    expect(first.data[0]).not.toHaveProperty('id');
    expect(await log(`?after=${first.next}`)).toEqual({ data: [], next: first.next });
    await server.request('POST', '/api/v1/posts/dark1/anonymous_votes/voter-1');
    const later = await log(`?after=${first.next}`);
    expect(later.data.map((e: { type: string }) => e.type)).toEqual(['vote.created']);
    expect(later.next).toBeGreaterThan(first.next);
    const portalOnly = await log('?portal_only=1');
    expect(portalOnly.data.map((e: { type: string }) => e.type)).toEqual(['comment.created', 'vote.created']);
    expect((await server.request('GET', '/__reference/events?after=-1')).status).toBe(422);
  });
});

describe('D-WEBHOOK-TRIGGER POST /__reference/events/trigger', () => {
  const trigger = (event: string, overrides?: Record<string, unknown>) =>
    server.request('POST', '/__reference/events/trigger', { body: { event, ...(overrides && { overrides }) } });

  it('makes the real change behind each of the seven events and answers the event id and what changed', async () => {
    const seed = fixtureSeed();
    seed.portals[0].statuses!.push({ id: 3, name: 'Done', color: '#00aa00', tab_id: 1 });
    server = await startTestServer(seed);
    const answers: Record<string, any> = {};
    for (const event of WEBHOOK_EVENTS) {
      const res = await trigger(event);
      expect([event, res.status]).toEqual([event, 201]);
      expect(res.body.data).toMatchObject({ id: expect.stringMatching(/^evt_/), event });
      answers[event] = res.body.data;
      const entry = (await log('?portal_only=1')).data.find((e: { id: string }) => e.id === res.body.data.id);
      expect(entry.type).toBe(event);
    }
    const post = { key: expect.any(String), title: expect.any(String) };
    expect(answers['post.created']).toEqual({ id: expect.any(String), event: 'post.created', post });
    expect(answers['post.deleted']).toMatchObject({ post, deleted: true });
    expect(answers['post.status_changed']).toMatchObject({
      post: { key: 'dark1' },
      status: {
        before: { id: 1, name: expect.any(String) },
        after: { id: expect.any(Number), name: expect.any(String) },
      },
    });
    expect(answers['comment.created']).toMatchObject({ post: { key: 'dark1' }, comment_id: expect.any(Number) });
    expect(answers['comment.deleted']).toMatchObject({ comment_id: expect.any(Number), deleted: true });
    expect(answers['vote.created']).toMatchObject({ anonymous_id: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(answers['vote.deleted']).toMatchObject({ anonymous_id: expect.any(String), deleted: true });
    // The post made for post.deleted is gone; the one of post.created stays.
    expect((await server.request('GET', `/api/v1/posts/${answers['post.deleted'].post.key}`)).status).toBe(404);
    expect((await server.request('GET', `/api/v1/posts/${answers['post.created'].post.key}`)).status).toBe(200);
    const types = (await log('?portal_only=1')).data.map((e: { type: string }) => e.type);
    // post.deleted makes its post first; vote.deleted votes first; comment.deleted deletes a comment it created silent.
    expect(types).toEqual([
      'post.created',
      'post.created',
      'post.deleted',
      'post.status_changed',
      'vote.created',
      'vote.created',
      'vote.deleted',
      'comment.created',
      'comment.deleted',
    ]);
    const bad = await trigger('post.exploded');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['event']);
  });

  it('takes overrides for the data of the change, refuses fields the event has not, and names the override at fault', async () => {
    server = await startTestServer(fixtureSeed());
    const made = await trigger('post.created', {
      title: '  Slow CSV export ',
      description: 'From a ticket',
      status_id: 1,
    });
    expect(made.body.data.post).toEqual({ key: expect.any(String), title: 'Slow CSV export' });
    const moved = await trigger('post.status_changed', { post: made.body.data.post.key, status_id: '' });
    expect(moved.body.data.status).toEqual({ before: { id: 1, name: expect.any(String) }, after: null });
    const again = await trigger('post.status_changed', { post: made.body.data.post.key, status_id: null });
    expect([again.status, again.body.message]).toEqual([
      422,
      `The post ${made.body.data.post.key} already has that status.`,
    ]);
    const vote = await trigger('vote.deleted', { post: 'dark1', anonymous_id: 'voter-9' });
    expect(vote.body.data).toMatchObject({ post: { key: 'dark1' }, anonymous_id: 'voter-9', deleted: true });
    const comment = await trigger('comment.created', { post: 'dark1', comment: 'Looks good to me', user_id: CARA });
    expect(comment.status).toBe(201);
    const unknown = await trigger('vote.created', { title: 'x' });
    expect([unknown.status, unknown.body.errors]).toEqual([
      422,
      { 'overrides.title': ['title is not a field of vote.created; its fields are post, anonymous_id.'] },
    ]);
    const badCategory = await trigger('post.created', { category_id: 999 });
    expect(badCategory.body.errors).toEqual({ 'overrides.category_id': ['The selected category id is invalid.'] });
    const short = await trigger('comment.created', { comment: 'x' });
    expect(Object.keys(short.body.errors)).toEqual(['overrides.comment']);
    expect((await trigger('vote.created', { post: 'zz999' })).status).toBe(404);
  });
});
