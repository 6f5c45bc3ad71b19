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
  it('makes the real change behind each event on the portal data and answers the event id', async () => {
    const seed = fixtureSeed();
    seed.portals[0].statuses!.push({ id: 3, name: 'Done', color: '#00aa00', tab_id: 1 });
    server = await startTestServer(seed);
    for (const event of ['comment.created', 'comment.deleted', 'vote.created', 'vote.deleted', 'post.status_changed']) {
      const res = await server.request('POST', '/__reference/events/trigger', { body: { event } });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ data: { id: expect.stringMatching(/^evt_/), event } });
      const entry = (await log('?portal_only=1')).data.find((e: { id: string }) => e.id === res.body.data.id);
      expect(entry.type).toBe(event);
    }
    const types = (await log('?portal_only=1')).data.map((e: { type: string }) => e.type);
    // vote.deleted votes first; comment.deleted deletes a comment it created silent.
    expect(types).toEqual([
      'comment.created',
      'comment.deleted',
      'vote.created',
      'vote.created',
      'vote.deleted',
      'post.status_changed',
    ]);
    const bad = await server.request('POST', '/__reference/events/trigger', { body: { event: 'post.exploded' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['event']);
    expect(WEBHOOK_EVENTS).toHaveLength(7);
  });
});
