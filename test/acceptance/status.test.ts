import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusReportSchema } from '../support/status-report-schema.js';
import { ADMIN_KEY, fixtureSeed } from '../support/fixture-seed.js';
import { runFp, startFpServer, type FpServer } from '../support/run-fp.js';
import { startTamperingProxy, type TamperingProxy } from '../support/tampering-proxy.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

/** The reference server's webhook endpoints, read directly. */
async function endpoints(url: string): Promise<Array<{ id: number; consecutive_failures: number; enabled: boolean }>> {
  const res = await fetch(`${url}/__reference/webhooks`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
  return ((await res.json()) as { data: never[] }).data;
}

/** Waits, bounded by the test's timeout, until the server has recorded what the receiver already answered. */
async function recorded(url: string, done: (list: Awaited<ReturnType<typeof endpoints>>) => boolean): Promise<void> {
  while (!done(await endpoints(url))) await new Promise((resolve) => setImmediate(resolve));
}

describe('fp status against fp server (D-ADMIN-STATUS)', () => {
  let server: FpServer;
  let links: Server;
  let failing: Receiver;
  let gone: Receiver;
  let proxy: TamperingProxy;

  beforeAll(async () => {
    links = createServer((req, res) => res.writeHead(req.url === '/fine' ? 200 : 404).end());
    await new Promise<void>((resolve) => links.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(links.address() as AddressInfo).port}`;
    const seed = fixtureSeed();
    const portal = seed.portals[0] as { posts: Array<{ key: string; description?: string }> };
    portal.posts.find((p) => p.key === 'kb001')!.description =
      `See [the guide](${base}/fine), [the old page](${base}/missing) and [another](${base}/gone).`;
    server = await startFpServer(seed, [
      '--allow-private-links',
      '--webhook-retry-schedule',
      '0.05',
      '--rate-limit',
      '1000/1h',
    ]);
    // A rejection today, a scan with two broken links, an endpoint that answers 500 and one that answered 410.
    expect((await server.fp(['moderation', 'reject', 'post', 'pend3', '--yes'])).code).toBe(0);
    expect((await server.fp(['kb', 'link-health', 'scan', '--tab', '3', '--wait', '--interval', '0.05'])).code).toBe(0);
    failing = await startReceiver([{ status: 500 }]);
    gone = await startReceiver([{ status: 410 }]);
    expect((await server.fp(['webhooks', 'add', failing.url])).code).toBe(0);
    expect((await server.fp(['webhooks', 'add', gone.url])).code).toBe(0);
    expect((await server.fp(['webhooks', 'trigger', 'vote.created'])).code).toBe(0);
    await Promise.all([failing.request(2), gone.request(1)]);
    await recorded(server.url, (list) => list.every((e) => !e.enabled || e.consecutive_failures > 0));
    proxy = await startTamperingProxy(server.url, {
      broken: ['/api/v1/moderation/rejected'],
      notOffered: ['/__reference/webhooks'],
    });
  }, 60_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all([failing?.close(), gone?.close()]);
    await server?.stop();
    await new Promise((resolve) => links.close(resolve));
  });

  it('--json: the queue, the rejection of today, the scan, both endpoints and the headroom, in the documented shape', async () => {
    const r = await server.fp(['status', '--json']);
    expect(r.code).toBe(0);
    const report = statusReportSchema().parse(r.json);
    expect(report.moderation).toEqual({
      state: 'ok',
      pending_posts: 0,
      pending_comments: 1,
      oldest_pending_at: '2026-02-14T00:00:00.000Z',
      complete: true,
    });
    expect(report.rejected_last_7_days).toMatchObject({ state: 'ok', posts: 1, comments: 0, complete: true });
    expect(report.link_health).toMatchObject({
      state: 'ok',
      tabs: [{ tab_id: 3, slug: 'help', name: 'Help center', broken_links: 2, articles_with_broken_links: 1 }],
    });
    expect(report.link_health.state === 'ok' && report.link_health.tabs[0].scanned_at).toMatch(/^\d{4}-/);
    expect(report.webhooks).toMatchObject({
      state: 'ok',
      endpoints: 2,
      failing: [
        { url: failing.url, enabled: true, consecutive_failures: 1 },
        { url: gone.url, enabled: false, disabled_reason: 'the receiver answered 410 Gone' },
      ],
    });
    expect(report.rate_limit).toMatchObject({ state: 'ok', limit: 1000 });
    expect(report.needs_attention).toEqual([
      '1 item pending moderation',
      '2 broken links in the knowledge base',
      '2 webhook endpoints disabled or failing',
    ]);
  });

  it('the screen: one aligned line per part, a ! before what needs attention, the verdict last', async () => {
    const r = await server.fp(['status']);
    expect(r.code).toBe(0);
    const [failingId, goneId] = (await endpoints(server.url)).map((e) => e.id);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe(`Test Portal  ${server.url}`);
    expect(lines.slice(2, 9)).toEqual([
      expect.stringMatching(/^! Moderation {3}0 posts and 1 comment pending; the oldest \S+ \w+ ago$/),
      '  Rejected     1 post and 0 comments in the last 7 days',
      expect.stringMatching(
        /^! Link health {2}Help center: 2 broken links in 1 article, scanned (\S+ \w+ ago|just now)$/,
      ),
      `! Webhooks     #${failingId} ${failing.url} failing: 1 failed delivery in a row`,
      `!              #${goneId} ${gone.url} disabled: the receiver answered 410 Gone`,
      expect.stringMatching(/^ {2}Rate limit {3}\d+ of 1000 requests left$/),
      '',
    ]);
    expect(lines[9]).toBe(
      'Needs attention: 1 item pending moderation; 2 broken links in the knowledge base; 2 webhook endpoints disabled or failing.',
    );
  });

  it('--profile names the stored profile to report on; the screen says which', async () => {
    const config = mkdtempSync(join(tmpdir(), 'fp-status-'));
    try {
      const env = { FP_CONFIG_DIR: config };
      const login = ['auth', 'login', '--profile', 'acme', '--with-key', '--base-url', server.url];
      expect((await runFp(login, { env, input: `${ADMIN_KEY}\n` })).code).toBe(0);
      const r = await runFp(['--profile', 'acme', 'status', '--json'], { env });
      expect(r.code).toBe(0);
      expect(r.json.portal).toEqual({ base_url: server.url, profile: 'acme', title: 'Test Portal' });
      const screen = await runFp(['status', '--profile', 'acme'], { env });
      expect(screen.stdout.split('\n')[0]).toBe(`Test Portal  ${server.url}  (profile acme)`);
    } finally {
      rmSync(config, { recursive: true, force: true });
    }
  });

  it('--exit-status exits 3 when something needs attention (D-ADMIN-STATUS-EXIT)', async () => {
    const r = await server.fp(['status', '--exit-status', '--json']);
    expect(r.code).toBe(3);
    expect(r.json.needs_attention).toHaveLength(3);
    expect(r.stderr).toBe('');
  });

  it('a part whose request fails shows "unavailable" and the rest is shown; a portal without the webhook routes shows "not offered"', async () => {
    const r = await runFp(['status', '--json'], { baseUrl: proxy.url, apiKey: ADMIN_KEY });
    expect(r.code).toBe(0);
    const report = statusReportSchema().parse(r.json);
    expect(report.rejected_last_7_days).toEqual({ state: 'unavailable', error: 'Server Error (500)' });
    expect(report.webhooks).toEqual({ state: 'not_offered' });
    expect(report.moderation).toMatchObject({ state: 'ok', pending_comments: 1 });
    expect(report.link_health).toMatchObject({ state: 'ok', tabs: [{ broken_links: 2 }] });
    expect(report.needs_attention).toContain('the rejected items could not be read');

    const screen = await runFp(['status'], { baseUrl: proxy.url, apiKey: ADMIN_KEY });
    expect(screen.code).toBe(0);
    expect(screen.stdout).toContain('\n! Rejected     unavailable: Server Error (500)\n');
    expect(screen.stdout).toContain(
      "\n  Webhooks     not offered (this portal's Settings → API & Webhooks page manages them)\n",
    );
    expect((await runFp(['status', '--exit-status'], { baseUrl: proxy.url, apiKey: ADMIN_KEY })).code).toBe(3);
  });

  it('a portal that does not answer at all fails the whole status with exit 1', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const r = await runFp(['status', '--exit-status'], { baseUrl: `http://127.0.0.1:${port}`, apiKey: ADMIN_KEY });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`error: could not connect to 127.0.0.1:${port}: connection refused\n`);
  });

  it('--format csv is refused before anything is sent: the report is one object, not rows', async () => {
    const r = await server.fp(['status', '--format', 'csv']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: fp status has no CSV form: --json gives its facts as one object\n');
  });

  it('a refused key fails the whole status with exit 4, as any command', async () => {
    const r = await server.fp(['status'], { apiKey: 'not-a-key' });
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: Unauthenticated\. \(401\)\n/);
  });
});
