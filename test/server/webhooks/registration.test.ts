import type { LookupAddress } from 'node:dns';
import { afterEach, describe, expect, it } from 'vitest';
import { webhookEgressPolicy } from '../../../src/server/webhooks/target-policy.js';
import { CARA, READONLY_KEY } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';
import { startTestDeliveries } from '../../support/test-deliveries.js';
import { startReceiver, untilCommitted } from '../../support/webhook-receiver.js';

let server: TestServer;
afterEach(() => server?.close());

/** Name resolution the test controls: every name answers what the table says (nothing is asked of DNS). */
function lookupFrom(table: Record<string, string[]>) {
  return async (hostname: string): Promise<LookupAddress[]> =>
    (table[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
}

const register = (body: unknown) => server.request('POST', '/__reference/webhooks', { body });

describe('D-WEBHOOK-LIMIT registration input', () => {
  it('refuses a bad URL, an unknown event and an eleventh endpoint with field errors', async () => {
    server = await startTestServer();
    const bad = await register({ url: 'ftp://127.0.0.1/x', events: ['comment.created', 'post.exploded'] });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({
      message: 'The given data was invalid.',
      errors: {
        url: ['The url field must be a valid URL.'],
        'events.1': [
          'The selected event "post.exploded" is invalid: the events are post.created, post.deleted, post.status_changed, vote.created, vote.deleted, comment.created, comment.deleted.',
        ],
      },
    });
    expect((await register({})).body.errors).toEqual({ url: ['The url field is required.'] });
    expect((await register({ url: 'http://user:pw@127.0.0.1/' })).status).toBe(422);
    for (let i = 0; i < 10; i++) expect((await register({ url: `http://127.0.0.1:9/${i}` })).status).toBe(201);
    const eleventh = await register({ url: 'http://127.0.0.1:9/10' });
    expect(eleventh.status).toBe(422);
    expect(eleventh.body.errors).toEqual({ url: ['A portal can have at most 10 webhooks.'] });
    const list = await server.request('GET', '/__reference/webhooks');
    expect(list.body.data).toHaveLength(10);
  });

  it('needs a non-read-only key; an unknown endpoint is 404; a known path with another verb is 405', async () => {
    server = await startTestServer();
    expect((await server.request('GET', '/__reference/webhooks', { token: READONLY_KEY })).status).toBe(403);
    expect((await server.request('GET', '/__reference/webhooks', { token: null })).status).toBe(401);
    expect((await server.request('DELETE', '/__reference/webhooks/99')).body).toEqual({
      message: 'Webhook 99 not found.',
    });
    const wrong = await server.request('PUT', '/__reference/webhooks/1');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('PATCH, DELETE');
  });

  it('accepts a secret of its own and an event filter; an update changes only what is sent', async () => {
    server = await startTestServer();
    const secret = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
    const created = await register({ url: 'http://127.0.0.1:9/', events: ['vote.created', 'vote.created'], secret });
    expect(created.body.data).toMatchObject({ events: ['vote.created'], secret });
    const patched = await server.request('PATCH', `/__reference/webhooks/${created.body.data.id}`, {
      body: { events: [] },
    });
    expect(patched.body.data).toMatchObject({ url: 'http://127.0.0.1:9/', events: [], enabled: true });
    expect(patched.body.data.secret).toBeUndefined();
    const removed = await server.request('DELETE', `/__reference/webhooks/${created.body.data.id}`);
    expect(removed.body).toEqual({ message: 'Webhook deleted.' });
  });
});

describe('D-WEBHOOK-TARGETS where deliveries may go (judged without sending anything)', () => {
  const refused = async (url: string) => (await register({ url })).body.errors?.url?.[0];

  it('refuses link-local and cloud-metadata addresses always, private ones without --allow-private-links', async () => {
    server = await startTestServer();
    expect(await refused('http://169.254.169.254/latest/meta-data')).toBe(
      'The url field must not point to 169.254.169.254: a cloud metadata address.',
    );
    expect(await refused('http://169.254.10.1/')).toBe(
      'The url field must not point to 169.254.10.1: a link-local address.',
    );
    expect(await refused('http://[fe80::1]/')).toBe('The url field must not point to fe80::1: a link-local address.');
    expect(await refused('http://10.1.2.3/')).toBe(
      'The url field must not point to 10.1.2.3: a private address (fp server --allow-private-links lets private addresses receive webhooks).',
    );
    expect(await refused('http://127.0.0.1:9/')).toBeUndefined();
    expect(await refused('http://[::1]:9/')).toBeUndefined();
  });

  it('with --allow-private-links private ranges are allowed, link-local and metadata still refused', async () => {
    server = await startTestServer(undefined, { webhookEgress: webhookEgressPolicy({ allowPrivateLinks: true }) });
    expect(await refused('http://10.1.2.3/')).toBeUndefined();
    expect(await refused('http://192.168.1.20/')).toBeUndefined();
    expect(await refused('http://169.254.169.254/')).toMatch(/a cloud metadata address/);
    expect(await refused('http://[fd00:ec2::254]/')).toMatch(/a cloud metadata address/);
  });

  it('judges a name by every address it resolves to', async () => {
    const lookup = lookupFrom({
      'hooks.example.com': ['127.0.0.1'],
      'sneaky.example.com': ['127.0.0.1', '169.254.169.254'],
      'intranet.example.com': ['192.168.4.4'],
    });
    server = await startTestServer(undefined, { webhookEgress: webhookEgressPolicy({ lookup }) });
    expect(await refused('http://hooks.example.com:9/')).toBeUndefined();
    expect(await refused('http://sneaky.example.com/')).toBe(
      'The url field must not point to sneaky.example.com, which resolves to 169.254.169.254: a cloud metadata address.',
    );
    expect(await refused('http://intranet.example.com/')).toMatch(
      /which resolves to 192\.168\.4\.4: a private address/,
    );
    expect(await refused('http://nowhere.example.com/')).toBe(
      'The url field names a host that does not resolve (nowhere.example.com).',
    );
  });

  it('a name that resolves elsewhere after registration is refused when connecting: the attempt fails, nothing is sent', async () => {
    const r = await startReceiver();
    const port = new URL(r.url).port;
    const table: Record<string, string[]> = { 'flip.example.com': ['127.0.0.1'] };
    const egress = webhookEgressPolicy({ lookup: lookupFrom(table) });
    server = await startTestServer(undefined, { webhookEgress: egress });
    const worker = startTestDeliveries(server.store, { egress, schedule: [60] });
    try {
      const { body } = await register({ url: `http://flip.example.com:${port}/hook` });
      table['flip.example.com'] = ['169.254.169.254'];
      await server.request('POST', '/api/v1/posts/dark1/comments', { body: { comment: 'Hello there', user_id: CARA } });
      const portal = server.store.portals[0];
      const failed = await untilCommitted(server.store, () => {
        const [d] = portal.deliveries.list(body.data.id);
        return d?.attempt === 1 && d.error;
      });
      expect(failed).toBe(
        'blocked: flip.example.com resolves to 169.254.169.254, a cloud metadata address (not checked from this server)',
      );
      expect(r.received).toHaveLength(0);
    } finally {
      await worker.close();
      await r.close();
    }
  });
});
