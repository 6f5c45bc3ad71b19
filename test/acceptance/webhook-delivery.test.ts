import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_KEY, CARA, fixtureSeed } from '../support/fixture-seed.js';
import { FP_BIN, startFpServer, type FpServer } from '../support/run-fp.js';
import { startReceiver, type Answer, type Receiver } from '../support/webhook-receiver.js';

// Delivery by the built server: a thread of its own on a database file (--data, or a --seed
// file's scratch copy), a thread that sends for a server in memory (--seed demo).

let config: string;
const cleanup: Array<() => Promise<void> | void> = [];
beforeEach(() => {
  config = mkdtempSync(join(tmpdir(), 'fp-webhook-delivery-'));
});
vi.setConfig({ testTimeout: 60_000 });
afterEach(async () => {
  for (const done of cleanup.splice(0).reverse()) await done();
  rmSync(config, { recursive: true, force: true });
});

async function server(args: string[] = [], seed: object | 'demo' = fixtureSeed()): Promise<FpServer> {
  const s = await startFpServer(seed, args);
  cleanup.push(() => s.stop());
  return s;
}

async function receiver(answers?: Answer[]): Promise<Receiver> {
  const r = await startReceiver(answers);
  cleanup.push(() => r.close());
  return r;
}

async function register(s: FpServer, url: string, key = ADMIN_KEY): Promise<number> {
  const added = await s.fp(['webhooks', 'add', url, '--json'], { apiKey: key });
  expect(added.code).toBe(0);
  return added.json.id;
}

const comment = async (s: FpServer, text: string) => {
  const res = await fetch(`${s.url}/api/v1/posts/dark1/comments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ comment: text, user_id: CARA }),
  });
  expect(res.status).toBeLessThan(300);
};

const texts = (r: Receiver) => r.received.map((x) => x.json.data.comment.comment);

describe('D-WEBHOOK-WORKER delivery in a thread of its own', () => {
  it('a delivery under way when the server is killed is sent again, same id and body, after a restart on the same --data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fp-data-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const data = join(dir, 'portal.db');
    const r = await receiver(['hang', { status: 200 }]);
    const first = await startFpServer(fixtureSeed(), ['--data', data]);
    const id = await register(first, r.url);
    const triggered = await first.fp(['webhooks', 'trigger', 'vote.created', '--json']);
    // The receiver holds the first attempt: the server dies in the middle of the send.
    expect((await r.request(1)).headers['webhook-id']).toBe(triggered.json.id);
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;
    await first.stop();
    const second = await server(['--data', data]);
    const again = await r.request(2);
    expect(again.headers['webhook-id']).toBe(triggered.json.id);
    expect(again.body).toBe(r.received[0].body);
    const log = await second.fp(['webhooks', 'deliveries', String(id), '--json']);
    expect(log.json[0]).toMatchObject({ event_id: triggered.json.id });
  });

  it('an endpoint that never answers does not hold back another; deliveries shows the backlog', async () => {
    const s = await server();
    const dead = await receiver(['hang']);
    const live = await receiver();
    const deadId = await register(s, dead.url);
    const liveId = await register(s, live.url);
    for (const text of ['one', 'two', 'three']) await comment(s, text);
    await live.request(3);
    expect(texts(live)).toEqual(['one', 'two', 'three']);
    expect(texts(dead)).toEqual(['one']);
    const held = await s.fp(['webhooks', 'deliveries', String(deadId)]);
    expect(held.stderr).toMatch(
      new RegExp(
        `^Webhook ${deadId}: 3 waiting, lag \\d+(\\.\\d)? s \\(the oldest waiting event happened at \\S+Z\\)\\.$`,
        'm',
      ),
    );
    // What went out is committed in groups; the live one is listed as it stands.
    const kept = await s.fp(['webhooks', 'deliveries', String(liveId), '--json']);
    expect(kept.json).toHaveLength(3);
  });

  it('a server in memory (--seed demo) delivers too', async () => {
    const s = await server([], 'demo');
    const r = await receiver();
    await register(s, r.url, 'acme-admin');
    const triggered = await s.fp(['webhooks', 'trigger', 'post.created', '--json'], { apiKey: 'acme-admin' });
    expect((await r.request(1)).headers['webhook-id']).toBe(triggered.json.id);
  });
});

interface Running {
  child: ChildProcess;
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

describe('D-WEBHOOK-FANOUT fp webhooks listen fans out', () => {
  it('forwards each delivery to the forwards whose filter takes it, and shows each answer on its line', async () => {
    const s = await server();
    const comments = await receiver([{ status: 202 }]);
    const everything = await receiver([{ status: 204 }]);
    const listen = spawnFp(
      [
        'webhooks',
        'listen',
        '--forward-to',
        comments.url,
        '--events',
        'comment.created',
        '--forward-to',
        everything.url,
        '--events',
        'comment.created,vote.created',
      ],
      { FP_BASE_URL: s.url, FP_API_KEY: ADMIN_KEY },
    );
    await listen.line(/^Ready: webhook \d+ delivers comment\.created, vote\.created to /);
    const vote = (await s.fp(['webhooks', 'trigger', 'vote.created', '--json'])).json.id;
    const made = (await s.fp(['webhooks', 'trigger', 'comment.created', '--json'])).json.id;
    expect(await listen.line(new RegExp(vote))).toMatch(new RegExp(`  ${vote}  attempt 1  → 204 ${everything.url}$`));
    expect(await listen.line(new RegExp(made))).toMatch(
      new RegExp(`  ${made}  attempt 1  → 202 ${comments.url}  → 204 ${everything.url}$`),
    );
    expect(comments.received.map((x) => x.headers['webhook-id'])).toEqual([made]);
    expect(everything.received.map((x) => x.headers['webhook-id'])).toEqual([vote, made]);
    listen.child.kill('SIGINT');
    expect(await listen.exited).toBe(130);
  });
});
