import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_EVENTS } from '../../src/contract/schemas/webhook.js';
import { runFp, startFpServer, type FpServer } from '../support/run-fp.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

/**
 * The Standard Webhooks reference library (standardwebhooks 1.3.0) and Svix's (svix 1.84.1)
 * on both ends of fp: they verify real deliveries of all seven events from `fp server`, and
 * they sign payloads that `fp webhooks verify` must accept, and refuse once tampered with.
 */
// Each test spawns fp a few times: bounded, with room for a loaded machine.
vi.setConfig({ testTimeout: 90_000 });

let server: FpServer;
let receiver: Receiver;
let secret: string;
let dir: string;
beforeAll(async () => {
  server = await startFpServer();
  receiver = await startReceiver();
  const added = await server.fp(['webhooks', 'add', receiver.url, '--json']);
  secret = added.json.secret;
  dir = mkdtempSync(join(tmpdir(), 'fp-interop-webhooks-'));
});
afterAll(async () => {
  await receiver.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

const headerRecord = (headers: Record<string, string | string[] | undefined>) =>
  Object.fromEntries(Object.entries(headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));

describe('standardwebhooks 1.3.0 and svix 1.84.1 verify what fp server delivers', () => {
  it('every delivery of all seven events, triggered on the server, verifies in both libraries', async () => {
    const ids: string[] = [];
    for (const event of WEBHOOK_EVENTS) {
      const r = await server.fp(['webhooks', 'trigger', event, '--json']);
      expect([event, r.code]).toEqual([event, 0]);
      ids.push(r.json.id);
    }
    // post.deleted makes its post first and vote.deleted votes first: nine events in all.
    const deliveries = await Promise.all(
      Array.from({ length: WEBHOOK_EVENTS.length + 2 }, (_, i) => receiver.request(i + 1)),
    );
    const seen = new Set<string>();
    for (const d of deliveries) {
      const headers = headerRecord(d.headers);
      const standard = new StandardWebhook(secret).verify(d.body, headers) as { id: string; event: string };
      const svix = new SvixWebhook(secret).verify(d.body, headers) as { id: string };
      expect(standard.id).toBe(headers['webhook-id']);
      expect(svix).toEqual(standard);
      seen.add(standard.event);
    }
    expect([...seen].sort()).toEqual([...WEBHOOK_EVENTS].sort());
    expect(ids.every((id) => deliveries.some((d) => d.headers['webhook-id'] === id))).toBe(true);
    // A byte more is another body for the libraries too.
    const [first] = deliveries;
    expect(() => new StandardWebhook(secret).verify(`${first.body}\n`, headerRecord(first.headers))).toThrow(
      'No matching signature found',
    );
  });
});

describe('fp webhooks verify accepts what the libraries sign, and refuses it tampered with', () => {
  const payload = JSON.stringify({ id: 'evt_interop0000000', event: 'post.created', data: { post: { id: 'abc12' } } });
  const verify = async (headers: Record<string, string>, body: string) => {
    const file = join(dir, `body-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, body);
    const args = ['webhooks', 'verify', '--secret', secret, '--body-file', file];
    for (const [k, v] of Object.entries(headers)) args.push('--header', `${k}: ${v}`);
    return (await runFp(args)).code;
  };

  it('standardwebhooks: webhook-* headers', async () => {
    const at = new Date();
    const headers = {
      'webhook-id': 'msg_standard_1',
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new StandardWebhook(secret).sign('msg_standard_1', at, payload),
    };
    expect(await verify(headers, payload)).toBe(0);
    expect(await verify(headers, `${payload}\n`)).toBe(1);
    expect(await verify(headers, payload.replace('abc12', 'abc13'))).toBe(1);
    expect(await verify({ ...headers, 'webhook-id': 'msg_standard_2' }, payload)).toBe(1);
  });

  it('svix: svix-* headers', async () => {
    const at = new Date();
    const headers = {
      'svix-id': 'msg_svix_1',
      'svix-timestamp': String(Math.floor(at.getTime() / 1000)),
      'svix-signature': new SvixWebhook(secret).sign('msg_svix_1', at, payload),
    };
    expect(await verify(headers, payload)).toBe(0);
    expect(await verify(headers, `${payload}\n`)).toBe(1);
    expect(await verify(headers, payload.replace('post.created', 'post.deleted'))).toBe(1);
    const stale = String(Math.floor(at.getTime() / 1000) - 3600);
    expect(await verify({ ...headers, 'svix-timestamp': stale }, payload)).toBe(1);
  });
});
