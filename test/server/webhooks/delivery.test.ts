import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verify } from '../../../src/contract/webhook-signature.js';
import { DeliveryWorker } from '../../../src/server/webhooks/delivery-worker.js';
import { webhookEgressPolicy } from '../../../src/server/webhooks/target-policy.js';
import type { Store } from '../../../src/server/store/store.js';
import { CARA } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';
import { startReceiver, type Answer, type Receiver } from '../../support/webhook-receiver.js';

/** Resolves once `check` holds, looked at after every commit of the store (no polling, no sleeps). */
function until<T>(store: Store, check: () => T | undefined | false): Promise<T> {
  return new Promise((resolve) => {
    const look = () => {
      const value = check();
      if (value) {
        stop();
        resolve(value);
      }
    };
    const stop = store.onCommit(look);
    look();
  });
}

let server: TestServer;
let worker: DeliveryWorker;
const receivers: Receiver[] = [];

async function receiver(answers?: Answer[]): Promise<Receiver> {
  const r = await startReceiver(answers);
  receivers.push(r);
  return r;
}

async function start(opts: { schedule?: number[]; timeoutMs?: number } = {}): Promise<void> {
  server = await startTestServer();
  worker = new DeliveryWorker({
    store: server.store,
    egress: webhookEgressPolicy({}),
    retryScheduleS: opts.schedule ?? [0.01, 0.01],
    timeoutMs: opts.timeoutMs,
    logError: (err) => {
      throw err;
    },
  });
}

async function register(url: string, body: Record<string, unknown> = {}) {
  const res = await server.request('POST', '/__reference/webhooks', { body: { url, ...body } });
  expect(res.status).toBe(201);
  return res.body.data as { id: number; secret: string };
}

const comment = (text = 'Hello', extra: Record<string, unknown> = {}) =>
  server.request('POST', '/api/v1/posts/dark1/comments', { body: { comment: text, user_id: CARA, ...extra } });

const portal = () => server.store.portals.find((p) => p.default)!;
const endpoint = (id: number) => portal().webhooks.get(id)!;
const delivery = (id: number, eventId: string) => portal().deliveries.get(id, eventId);

afterEach(async () => {
  await worker?.close();
  await Promise.all(receivers.splice(0).map((r) => r.close()));
  await server?.close();
});

describe('webhook delivery from the reference server', () => {
  beforeEach(() => start());

  it('registers an endpoint: its secret is shown once, never listed', async () => {
    const r = await receiver();
    const created = await register(r.url, { events: ['comment.created'] });
    expect(created).toMatchObject({ url: r.url, events: ['comment.created'], enabled: true });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const list = await server.request('GET', '/__reference/webhooks');
    expect(list.body.data).toEqual([
      {
        id: created.id,
        url: r.url,
        events: ['comment.created'],
        enabled: true,
        consecutive_failures: 0,
        disabled_reason: null,
        created_at: expect.any(String),
      },
    ]);
  });

  it('D-WEBHOOK-SIGNING a new comment is delivered once, signed with the endpoint secret, as its envelope', async () => {
    const r = await receiver();
    const { secret } = await register(r.url);
    const res = await comment('Signed, sealed, delivered');
    const got = await r.request(1);
    expect(verify(secret, got.headers, got.body)).toMatchObject({ valid: true });
    expect(got.headers['webhook-id']).toBe(got.json.id);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.json).toMatchObject({
      id: expect.stringMatching(/^evt_[A-Za-z0-9]{16}$/),
      creation_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      event: 'comment.created',
      data: {
        comment: { id: res.body.data.id, comment: 'Signed, sealed, delivered' },
        post: { id: 'dark1' },
        user: { id: CARA },
        portal: { guid: portal().guid, title: portal().title },
      },
    });
    const log = await server.request('GET', '/__reference/events?portal_only=1');
    expect(log.body.data.map((e: { id: string }) => e.id)).toEqual([got.json.id]);
    expect(log.body.data[0].payload).toEqual(got.json);
  });

  it('a silent comment emits nothing: no event in the log, no delivery', async () => {
    const r = await receiver();
    await register(r.url);
    await comment('shh', { silent: true });
    await comment('loud');
    expect((await r.request(1)).json.data.comment.comment).toBe('loud');
    const log = await server.request('GET', '/__reference/events?portal_only=true');
    expect(log.body.data).toHaveLength(1);
    expect(r.received).toHaveLength(1);
  });

  it('each endpoint receives only the events of its filter; no filter means all', async () => {
    const votes = await receiver();
    const all = await receiver();
    await register(votes.url, { events: ['vote.created'] });
    await register(all.url);
    await comment('first');
    await server.request('POST', '/api/v1/posts/dark1/anonymous_votes/abc');
    expect((await votes.request(1)).json.event).toBe('vote.created');
    expect((await all.request(2)).json.event).toBe('vote.created');
    expect(all.received.map((x) => x.json.event)).toEqual(['comment.created', 'vote.created']);
    expect(votes.received).toHaveLength(1);
  });
});
