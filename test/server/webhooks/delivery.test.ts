import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verify } from '../../../src/contract/webhook-signature.js';
import { CARA } from '../../support/fixture-seed.js';
import { startTestDeliveries, type TestDeliveries } from '../../support/test-deliveries.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';
import { startReceiver, untilCommitted, type Answer, type Receiver } from '../../support/webhook-receiver.js';

let server: TestServer;
let worker: TestDeliveries | undefined;
const receivers: Receiver[] = [];

async function receiver(answers?: Answer[]): Promise<Receiver> {
  const r = await startReceiver(answers);
  receivers.push(r);
  return r;
}

interface WorkerOpts {
  schedule?: number[];
  timeoutMs?: number;
  backlogLimit?: number;
}

async function start(opts: WorkerOpts & { worker?: boolean } = {}): Promise<void> {
  server = await startTestServer();
  if (opts.worker !== false) startWorker(opts);
}

function startWorker(opts: WorkerOpts = {}): void {
  worker = startTestDeliveries(server.store, opts);
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
  worker = undefined;
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

const deliveriesOf = async (id: number) =>
  (await server.request('GET', `/__reference/webhooks/${id}/deliveries`)).body.data as Array<Record<string, unknown>>;

describe('D-WEBHOOK-RETRIES retries, Retry-After, auto-disable and 410', () => {
  it('a failed delivery is retried with the same id and body until a 2xx', async () => {
    await start({ schedule: [0.01, 0.01, 0.01] });
    const r = await receiver([{ status: 500 }, { status: 503, headers: { 'retry-after': '0' } }, { status: 204 }]);
    const { id } = await register(r.url);
    await comment();
    const third = await r.request(3);
    const [first, second] = r.received;
    expect(new Set([first, second, third].map((x) => x.headers['webhook-id'])).size).toBe(1);
    expect(new Set([first, second, third].map((x) => x.body)).size).toBe(1);
    expect([first, second, third].map((x) => x.headers['webhook-attempt'])).toEqual(['1', '2', '3']);
    const eventId = String(third.headers['webhook-id']);
    await untilCommitted(server.store, () => delivery(id, eventId)?.status === 'delivered');
    expect(await deliveriesOf(id)).toEqual([
      {
        event_id: eventId,
        event: 'comment.created',
        attempt: 3,
        status: 'delivered',
        response_status: 204,
        error: null,
        next_attempt_at: null,
        delivered_at: expect.any(String),
      },
    ]);
  });

  it('a delivery out of retries has failed; the fifth in a row disables the endpoint; enabling starts afresh', async () => {
    await start({ schedule: [0.01] });
    const r = await receiver([{ status: 500 }]);
    const { id } = await register(r.url);
    for (let i = 1; i <= 5; i++) await comment(`failing ${i}`);
    await untilCommitted(server.store, () => !endpoint(id).enabled);
    expect(endpoint(id)).toMatchObject({ consecutive_failures: 5, disabled_reason: '5 consecutive deliveries failed' });
    expect(r.received).toHaveLength(10);
    const missed = (await comment('while disabled')).body.data.id;
    const log = await deliveriesOf(id);
    expect(log[0]).toMatchObject({ status: 'skipped', attempt: 0, error: 'not sent: the webhook was disabled' });
    expect(log.slice(1).map((d) => [d.status, d.attempt, d.response_status])).toEqual(
      Array(5).fill(['failed', 2, 500]),
    );
    r.answers = [{ status: 200 }];
    const enabled = await server.request('PATCH', `/__reference/webhooks/${id}`, { body: { enabled: true } });
    expect(enabled.body.data).toMatchObject({ enabled: true, consecutive_failures: 0, disabled_reason: null });
    await comment('after');
    expect((await r.request(11)).json.data.comment.comment).toBe('after');
    const resent = await server.request('POST', `/__reference/webhooks/${id}/deliveries/${log[0].event_id}/resend`);
    expect(resent.status).toBe(202);
    expect((await r.request(12)).json.data.comment.id).toBe(missed);
  });

  it('a 410 disables the endpoint at once', async () => {
    await start();
    const r = await receiver([{ status: 410 }]);
    const { id } = await register(r.url);
    await comment();
    await untilCommitted(server.store, () => !endpoint(id).enabled);
    expect(endpoint(id)).toMatchObject({ disabled_reason: 'the receiver answered 410 Gone', consecutive_failures: 1 });
    expect((await deliveriesOf(id))[0]).toMatchObject({ status: 'failed', attempt: 1, response_status: 410 });
    expect(r.received).toHaveLength(1);
  });

  it('a redirect is not followed, and a receiver that does not answer in time fails the attempt', async () => {
    await start({ timeoutMs: 300 });
    const elsewhere = await receiver();
    const r = await receiver([{ status: 302, headers: { location: elsewhere.url } }, 'hang', { status: 200 }]);
    const { id } = await register(r.url);
    await comment();
    await r.request(3);
    const eventId = String(r.received[0].headers['webhook-id']);
    await untilCommitted(server.store, () => delivery(id, eventId)?.status === 'delivered');
    expect(elsewhere.received).toHaveLength(0);
    expect(delivery(id, eventId)).toMatchObject({ attempt: 3, status: 'delivered' });
  });
});

describe('D-WEBHOOK-ORDER the queue', () => {
  it('each endpoint gets its events in order: a delivery waiting for a retry holds back the later ones', async () => {
    await start({ schedule: [0.05] });
    const r = await receiver([{ status: 500 }, { status: 200 }]);
    await register(r.url);
    for (const text of ['one', 'two', 'three']) await comment(text);
    await r.request(4);
    expect(r.received.map((x) => x.json.data.comment.comment)).toEqual(['one', 'one', 'two', 'three']);
  });

  it('deliveries waiting in the database are sent when a worker starts (as after a restart)', async () => {
    await start({ worker: false });
    const r = await receiver();
    const { id } = await register(r.url);
    await comment('queued before');
    expect((await deliveriesOf(id))[0]).toMatchObject({ status: 'pending', attempt: 0 });
    startWorker();
    expect((await r.request(1)).json.data.comment.comment).toBe('queued before');
  });
});

describe('D-WEBHOOK-WORKER one lane per endpoint', () => {
  it('an endpoint that never answers does not hold back the deliveries of another', async () => {
    await start();
    const dead = await receiver(['hang']);
    const live = await receiver();
    await register(dead.url);
    await register(live.url);
    for (const text of ['one', 'two', 'three']) await comment(text);
    await live.request(3);
    expect(live.received.map((x) => x.json.data.comment.comment)).toEqual(['one', 'two', 'three']);
    // The first delivery to the dead endpoint is still under way; the rest wait behind it.
    expect(dead.received.map((x) => x.json.data.comment.comment)).toEqual(['one']);
  });
});

describe("D-WEBHOOK-BACKLOG the bound of an endpoint's queue", () => {
  it('past the bound, the newest deliveries are logged as not sent, with the reason; the failure count is untouched', async () => {
    await start({ backlogLimit: 3 });
    const dead = await receiver(['hang']);
    const { id } = await register(dead.url);
    for (let i = 1; i <= 6; i++) await comment(`comment ${i}`);
    await untilCommitted(
      server.store,
      () =>
        portal()
          .deliveries.list(id)
          .filter((d) => d.status === 'skipped').length === 3,
    );
    const log = portal().deliveries.list(id);
    // Newest first: the three newest are given up, the three oldest wait (the first is under way).
    expect(log.map((d) => [d.status, d.error])).toEqual([
      ...Array(3).fill(['skipped', 'not sent: 3 deliveries were already waiting for this webhook']),
      ...Array(3).fill(['pending', null]),
    ]);
    expect(endpoint(id)).toMatchObject({ enabled: true, consecutive_failures: 0 });
    const listed = await server.request('GET', `/__reference/webhooks/${id}/deliveries`);
    expect(listed.body.backlog).toEqual({
      waiting: 3,
      oldest_event_at: expect.stringMatching(/Z$/),
      lag_seconds: expect.any(Number),
    });
  });
});

describe('D-WEBHOOK-RESEND resend', () => {
  it('sends the same event again, same id and body; refuses a disabled endpoint and unknown deliveries', async () => {
    await start();
    const r = await receiver();
    const { id } = await register(r.url);
    await comment();
    const first = await r.request(1);
    const eventId = String(first.headers['webhook-id']);
    await untilCommitted(server.store, () => delivery(id, eventId)?.status === 'delivered');
    const res = await server.request('POST', `/__reference/webhooks/${id}/deliveries/${eventId}/resend`);
    expect(res.body).toMatchObject({ message: 'Delivery queued again.', data: { status: 'pending', attempt: 1 } });
    const again = await r.request(2);
    expect([again.headers['webhook-id'], again.body]).toEqual([eventId, first.body]);
    await untilCommitted(server.store, () => delivery(id, eventId)?.attempt === 2);
    const unknown = await server.request('POST', `/__reference/webhooks/${id}/deliveries/evt_nope/resend`);
    expect(unknown.status).toBe(404);
    await server.request('PATCH', `/__reference/webhooks/${id}`, { body: { enabled: false } });
    const refused = await server.request('POST', `/__reference/webhooks/${id}/deliveries/${eventId}/resend`);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ message: `Webhook ${id} is disabled: enable it before resending.` });
  });
});

describe('D-WEBHOOK-RESET reset', () => {
  it('keeps endpoints and delivery logs, empties the events log, and skips waiting deliveries of removed events', async () => {
    await start({ worker: false });
    const r = await receiver();
    const { id } = await register(r.url);
    await comment('before reset');
    await server.request('POST', '/__reference/reset');
    expect((await server.request('GET', '/__reference/webhooks')).body.data).toHaveLength(1);
    expect((await server.request('GET', '/__reference/events')).body.data).toEqual([]);
    startWorker();
    const [gone] = await deliveriesOf(id);
    await untilCommitted(server.store, () => delivery(id, String(gone.event_id))?.status === 'skipped');
    expect(delivery(id, String(gone.event_id))?.error).toBe(
      'not sent: the event is no longer in the events log (the portal was reset)',
    );
    expect(r.received).toHaveLength(0);
  });
});
