import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_EVENTS } from '../../src/contract/schemas/webhook.js';
import { signatureHeaders, verify } from '../../src/contract/webhook-signature.js';
import { ADMIN_KEY, fixtureSeed } from '../support/fixture-seed.js';
import { FP_BIN, runFp, startFpServer, type FpServer } from '../support/run-fp.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

let config: string;
const cleanup: Array<() => Promise<void> | void> = [];
beforeEach(() => {
  config = mkdtempSync(join(tmpdir(), 'fp-webhooks-'));
});
vi.setConfig({ testTimeout: 60_000 });
afterEach(async () => {
  for (const done of cleanup.splice(0).reverse()) await done();
  rmSync(config, { recursive: true, force: true });
});

async function server(args: string[] = ['--webhook-retry-schedule', '0.2,0.5']): Promise<FpServer> {
  const s = await startFpServer(fixtureSeed(), args);
  cleanup.push(() => s.stop());
  return s;
}

async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
  const r = await startReceiver(...args);
  cleanup.push(() => r.close());
  return r;
}

interface Running {
  child: ChildProcess;
  /** Resolves with the first line (stdout or stderr) matching, already printed or to come. */
  line(pattern: RegExp): Promise<string>;
  exited: Promise<number | null>;
}

/** `fp` as a long-running child (a listener), its lines readable as they come. */
function spawnFp(args: string[], env: Record<string, string>): Running {
  const child = spawn(process.execPath, [FP_BIN, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, CI: 'true', NO_COLOR: '1', FP_CONFIG_DIR: config, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiting: Array<[RegExp, (line: string) => void, (err: Error) => void]> = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on('line', (text) => {
      lines.push(text);
      for (const w of waiting.filter(([re]) => re.test(text))) {
        waiting.splice(waiting.indexOf(w), 1);
        w[1](text);
      }
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // A line that can no longer come fails the wait, with what the child printed.
  child.once('close', (code) => {
    for (const [re, , reject] of waiting.splice(0))
      reject(new Error(`fp ${args.join(' ')} exited (${code}) without printing ${re}:\n${lines.join('\n')}`));
  });
  cleanup.push(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  return {
    child,
    exited,
    line: (pattern) => {
      const seen = lines.find((l) => pattern.test(l));
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => waiting.push([pattern, resolve, reject]));
    },
  };
}

describe('fp webhooks listen', () => {
  it('registers itself, verifies, forwards unchanged, filters, and on Ctrl-C removes itself and exits 130', async () => {
    const s = await server();
    const target = await receiver([{ status: 202 }]);
    const env = { FP_BASE_URL: s.url, FP_API_KEY: ADMIN_KEY };
    const listen = spawnFp(['webhooks', 'listen', '--forward-to', target.url, '--events', 'comment.created'], env);
    const ready = await listen.line(/^Ready: webhook \d+ delivers comment\.created to http:\/\/127\.0\.0\.1:\d+\/$/);
    const secret = (await listen.line(/^Signing secret: whsec_/)).replace('Signing secret: ', '');
    const listed = await s.fp(['webhooks', 'list', '--json'], { env: { FP_CONFIG_DIR: config } });
    expect(listed.json).toEqual([expect.objectContaining({ events: ['comment.created'], enabled: true })]);
    expect(ready).toContain(`webhook ${listed.json[0].id} `);

    await s.fp(['webhooks', 'trigger', 'vote.created']);
    const triggered = await s.fp(['webhooks', 'trigger', 'comment.created', '--json']);
    const eventId = triggered.json.id;
    const printed = await listen.line(new RegExp(eventId));
    expect(printed).toMatch(
      new RegExp(`^\\S+Z  comment\\.created  comment \\d+  ${eventId}  attempt 1  → 202 ${target.url}$`),
    );
    const forwarded = await target.request(1);
    expect(forwarded.headers['webhook-id']).toBe(eventId);
    expect(verify(secret, forwarded.headers, forwarded.body)).toMatchObject({ valid: true });
    expect(target.received).toHaveLength(1);

    listen.child.kill('SIGINT');
    expect(await listen.exited).toBe(130);
    expect((await s.fp(['webhooks', 'list', '--json'])).json).toEqual([]);

    // A listener restarted with the same profile keeps its secret.
    const again = spawnFp(['webhooks', 'listen'], env);
    expect(await again.line(/^Signing secret: /)).toBe(`Signing secret: ${secret}`);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(130);
  });

  it('refuses a delivery that is not signed with its secret (400) and says why', async () => {
    const s = await server();
    const listen = spawnFp(['webhooks', 'listen', '--json'], { FP_BASE_URL: s.url, FP_API_KEY: ADMIN_KEY });
    const url = (await listen.line(/^Ready: /)).split(' to ')[1];
    const body = '{"id":"evt_x","creation_time":"2026-01-01T00:00:00Z","event":"post.created","data":{}}';
    const forged = signatureHeaders(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, 'evt_x', body);
    const res = await fetch(url, { method: 'POST', headers: forged, body });
    expect(res.status).toBe(400);
    expect(await listen.line(/^refused a request: /)).toBe(
      'refused a request: the signature does not match the body and the secret',
    );
    listen.child.kill('SIGINT');
    expect(await listen.exited).toBe(130);
  });

  it('takes a delivery signed under the svix-* header names, and refuses one with a byte more', async () => {
    const s = await server();
    const listen = spawnFp(['webhooks', 'listen', '--json'], { FP_BASE_URL: s.url, FP_API_KEY: ADMIN_KEY });
    const url = (await listen.line(/^Ready: /)).split(' to ')[1];
    const secret = (await listen.line(/^Signing secret: whsec_/)).replace('Signing secret: ', '');
    const body = '{"id":"evt_svix","creation_time":"2026-01-01T00:00:00Z","event":"post.created","data":{}}';
    const h = signatureHeaders(secret, 'evt_svix', body);
    const svix = {
      'svix-id': 'evt_svix',
      'svix-timestamp': h['webhook-timestamp'],
      'svix-signature': h['webhook-signature'],
    };
    expect((await fetch(url, { method: 'POST', headers: svix, body: `${body}\n` })).status).toBe(400);
    expect((await fetch(url, { method: 'POST', headers: svix, body })).status).toBe(200);
    expect(await listen.line(/"id":"evt_svix"/)).toBe(body);
    listen.child.kill('SIGINT');
    expect(await listen.exited).toBe(130);
  });

  it('against a portal without the reference routes it prints what to configure there', async () => {
    const hosted = createServer((req, res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{}'));
    await new Promise<void>((resolve) => hosted.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => new Promise<void>((resolve) => hosted.close(() => resolve())));
    const url = `http://127.0.0.1:${(hosted.address() as AddressInfo).port}`;
    const listen = spawnFp(['webhooks', 'listen'], { FP_BASE_URL: url, FP_API_KEY: 'k' });
    expect(await listen.line(/Settings → API & Webhooks/)).toMatch(/add a webhook in the portal's Settings/);
    await listen.line(/^Verifying with: whsec_/);
    listen.child.kill('SIGINT');
    expect(await listen.exited).toBe(130);
    const list = await runFp(['webhooks', 'list'], { baseUrl: url, apiKey: 'k' });
    expect(list.code).toBe(2);
    expect(list.stderr).toContain("this portal's webhooks are configured in its Settings → API & Webhooks page");
  });
});

describe('fp webhooks verify', () => {
  const secret = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
  const body = '{"id":"evt_abc","event":"comment.created"}';
  const args = (h: Record<string, string>) => [
    'webhooks',
    'verify',
    '--secret',
    secret,
    ...Object.entries(h).flatMap(([k, v]) => ['--header', `${k}: ${v}`]),
  ];

  it('exits 0 for a valid delivery, 1 for a changed body or a stale timestamp, naming which', async () => {
    const headers = signatureHeaders(secret, 'evt_abc', body);
    const ok = await runFp(args(headers), { input: body });
    expect(ok.code).toBe(0);
    expect(ok.stderr).toMatch(/^valid: evt_abc, signed at \d{4}-/);
    const changed = await runFp(args(headers), { input: body.replace('abc', 'abd') });
    expect([changed.code, changed.stderr.trim()]).toEqual([
      1,
      'error: invalid delivery: the signature does not match the body and the secret',
    ]);
    const old = signatureHeaders(secret, 'evt_abc', body, Math.floor(Date.now() / 1000) - 3600);
    const stale = await runFp(args(old), { input: body });
    expect(stale.code).toBe(1);
    expect(stale.stderr).toMatch(/error: invalid delivery: the timestamp is stale: 36\d\d s old/);
    expect((await runFp(args(old).concat('--tolerance', '7200'), { input: body })).code).toBe(0);
    expect((await runFp(['webhooks', 'verify'], { input: body })).code).toBe(2);
  });

  it('checks the exact bytes: a trailing newline is another body; --body-file reads a file as it is', async () => {
    const headers = signatureHeaders(secret, 'evt_abc', body);
    const piped = await runFp(args(headers), { input: `${body}\n` });
    expect([piped.code, piped.stderr.trim()]).toEqual([
      1,
      'error: invalid delivery: the signature does not match the body and the secret (the body ends with a newline: was it added after it was received?)',
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'fp-body-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'exact.json'), body);
    writeFileSync(join(dir, 'echoed.json'), `${body}\n`);
    expect((await runFp([...args(headers), '--body-file', join(dir, 'exact.json')])).code).toBe(0);
    expect((await runFp([...args(headers), '--body-file', join(dir, 'echoed.json')])).code).toBe(1);
    const missing = await runFp([...args(headers), '--body-file', join(dir, 'none.json')]);
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringContaining('cannot read --body-file')]);
  });

  it('takes the svix-* header names', async () => {
    const h = signatureHeaders(secret, 'msg_1', body);
    const svix = {
      'svix-id': 'msg_1',
      'svix-timestamp': h['webhook-timestamp'],
      'svix-signature': h['webhook-signature'],
    };
    const ok = await runFp(args(svix), { input: body });
    expect([ok.code, ok.stderr]).toEqual([0, expect.stringMatching(/^valid: msg_1, signed at /)]);
  });
});

describe('managing webhooks from the command line', () => {
  it('add, deliveries, resend, remove; events tail shows the events', async () => {
    const s = await server();
    const r = await receiver();
    const added = await s.fp(['webhooks', 'add', r.url, '--events', 'comment.created', '--json']);
    expect(added.json).toMatchObject({
      url: r.url,
      events: ['comment.created'],
      secret: expect.stringMatching(/^whsec_/),
    });
    const id = String(added.json.id);
    const triggered = await s.fp(['webhooks', 'trigger', 'comment.created', '--json']);
    await r.request(1);
    const log = await s.fp(['webhooks', 'deliveries', id, '--json']);
    expect(log.json[0]).toMatchObject({ event_id: triggered.json.id, event: 'comment.created' });
    const resent = await s.fp(['webhooks', 'resend', id, triggered.json.id]);
    expect([resent.code, resent.stderr.trim()]).toEqual([0, `Queued ${triggered.json.id} for webhook ${id} again.`]);
    expect((await r.request(2)).headers['webhook-id']).toBe(triggered.json.id);
    const tail = await s.fp(['events', 'tail']);
    expect(tail.stdout).toMatch(new RegExp(`^\\S+  comment\\.created  comment \\d+  ${triggered.json.id}$`, 'm'));
    expect((await s.fp(['webhooks', 'add', 'http://169.254.169.254/'])).stderr).toContain(
      'url: The url field must not point to 169.254.169.254: a cloud metadata address.',
    );
    expect((await s.fp(['webhooks', 'add', r.url, '--events', 'post.exploded'])).code).toBe(2);
    expect((await s.fp(['webhooks', 'remove', id])).stderr.trim()).toBe(`Removed webhook ${id}.`);
    expect((await s.fp(['webhooks', 'remove', id])).code).toBe(1);
  });
});

describe('D-WEBHOOK-TRIGGER fp webhooks trigger', () => {
  it('triggers each of the seven events its help lists and prints what it made or changed', async () => {
    const s = await server();
    const help = await s.fp(['webhooks', 'trigger', '--help']);
    for (const event of WEBHOOK_EVENTS) expect(help.stdout).toContain(`  ${event} `);
    const lines: Record<string, string> = {};
    for (const event of WEBHOOK_EVENTS) {
      const r = await s.fp(['webhooks', 'trigger', event]);
      expect([event, r.code]).toEqual([event, 0]);
      lines[event] = r.stderr.trim();
    }
    const title = '"Triggered by fp webhooks trigger';
    expect(lines['post.created']).toMatch(
      new RegExp(`^Triggered post\\.created evt_\\w+: post \\w{5} ${title} post\\.created\\.", made$`),
    );
    expect(lines['post.deleted']).toMatch(/: post \w{5} ".+", made and deleted$/);
    expect(lines['post.status_changed']).toMatch(/: post \w{5} ".+": status "[^"]+" → ("[^"]+"|no status)$/);
    expect(lines['comment.created']).toMatch(/: comment \d+ on post \w{5} ".+", made$/);
    expect(lines['comment.deleted']).toMatch(/: comment \d+ on post \w{5} ".+", made and deleted$/);
    expect(lines['vote.created']).toMatch(/: anonymous vote [0-9a-f]{32} on post \w{5} ".+", cast$/);
    expect(lines['vote.deleted']).toMatch(/: anonymous vote [0-9a-f]{32} on post \w{5} ".+", cast and taken back$/);
  });

  it('--override sets fields of the change; a field the event has not is a usage error naming those it has', async () => {
    const s = await server();
    const made = await s.fp(['webhooks', 'trigger', 'post.created', '--override', 'title=Slow CSV export', '--json']);
    expect(made.json).toMatchObject({ event: 'post.created', post: { title: 'Slow CSV export' } });
    const voted = await s.fp(['webhooks', 'trigger', 'vote.created', '--override', `post=${made.json.post.key}`]);
    expect(voted.stderr).toContain(`on post ${made.json.post.key} "Slow CSV export", cast`);
    const wrong = await s.fp(['webhooks', 'trigger', 'vote.created', '--override', 'title=x']);
    expect([wrong.code, wrong.stderr.trim()]).toEqual([
      2,
      'error: invalid --override: title is not a field of vote.created; its fields are post, anonymous_id.',
    ]);
    expect((await s.fp(['webhooks', 'trigger', 'post.created', '--override', 'title'])).code).toBe(2);
    const refused = await s.fp(['webhooks', 'trigger', 'post.created', '--override', 'category_id=999']);
    expect([refused.code, refused.stderr]).toEqual([
      1,
      expect.stringContaining('overrides.category_id: The selected category id is invalid.'),
    ]);
  });
});

describe('D-WEBHOOK-ORDER delivery after a restart', () => {
  it('a delivery under way when the server stops is sent again, same id, when it starts on the same --data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fp-data-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const data = join(dir, 'portal.db');
    const r = await receiver(['hang', { status: 200 }]);
    const first = await startFpServer(fixtureSeed(), ['--data', data]);
    const added = await first.fp(['webhooks', 'add', r.url, '--json']);
    const triggered = await first.fp(['webhooks', 'trigger', 'vote.created', '--json']);
    expect((await r.request(1)).headers['webhook-id']).toBe(triggered.json.id);
    await first.stop();
    const second = await startFpServer(fixtureSeed(), ['--data', data]);
    cleanup.push(() => second.stop());
    const again = await r.request(2);
    expect(again.headers['webhook-id']).toBe(triggered.json.id);
    expect(again.body).toBe(r.received[0].body);
    expect(added.json.id).toBeGreaterThan(0);
  });
});
