import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signatureHeaders } from '../../src/contract/webhook-signature.js';
import { fixtureSeed } from '../support/fixture-seed.js';
import { startFpServer } from '../support/run-fp.js';

vi.setConfig({ testTimeout: 60_000 });
const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const done of cleanup.splice(0).reverse()) await done();
});

/** The receiver of the README's section on receivers, exactly as printed there. */
function readmeReceiver(): string {
  const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Writing and testing a webhook receiver'));
  const block = /```js\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('README.md has no js block in its receiver section');
  return block[1];
}

/** Runs it with node (and `nodeFlags`); resolves with its URL and each line it prints. */
async function startReceiver(secret: string, nodeFlags: string[] = []) {
  const dir = mkdtempSync(join(tmpdir(), 'fp-readme-receiver-'));
  writeFileSync(join(dir, 'receiver.mjs'), readmeReceiver());
  const child = spawn(process.execPath, [...nodeFlags, join(dir, 'receiver.mjs')], {
    env: { PATH: process.env.PATH, WEBHOOK_SECRET: secret, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanup.push(() => {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  });
  const lines: string[] = [];
  const waiting: Array<() => void> = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const wake of waiting.splice(0)) wake();
  });
  const printed = async (pattern: RegExp): Promise<string> => {
    for (;;) {
      const line = lines.find((l) => pattern.test(l));
      if (line !== undefined) return line;
      await new Promise<void>((wake) => waiting.push(wake));
    }
  };
  const url = (await printed(/^Receiving on /)).replace('Receiving on ', '');
  return { url, lines, printed, child };
}

describe("the README's receiver", () => {
  it('accepts a delivery fp server signed, once per webhook-id, and refuses a forged or stale one', async () => {
    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    const receiver = await startReceiver(secret);
    const server = await startFpServer(fixtureSeed());
    cleanup.push(() => server.stop());
    const added = await server.fp(['webhooks', 'add', receiver.url, '--secret', secret, '--json']);
    expect(added.code).toBe(0);
    const triggered = await server.fp(['webhooks', 'trigger', 'comment.created', '--json']);
    const eventId = triggered.json.id;
    expect(await receiver.printed(new RegExp(eventId))).toBe(`comment.created ${eventId}`);
    // The receiver prints before it answers, and the answer is logged after it arrives.
    let log = await server.fp(['webhooks', 'deliveries', String(added.json.id), '--json']);
    for (let tries = 0; tries < 100 && log.json[0]?.response_status == null; tries++) {
      await new Promise((wake) => setTimeout(wake, 100));
      log = await server.fp(['webhooks', 'deliveries', String(added.json.id), '--json']);
    }
    expect(log.json[0]).toMatchObject({ event_id: eventId, status: 'delivered', response_status: 204 });

    const body = JSON.stringify({ id: 'evt_forged', creation_time: '2026-01-01T00:00:00Z', event: 'post.deleted' });
    const post = (headers: Record<string, string>, text = body) =>
      fetch(receiver.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: text });
    const otherSecret = `whsec_${Buffer.alloc(32, 8).toString('base64')}`;
    expect((await post(signatureHeaders(otherSecret, 'evt_forged', body))).status).toBe(400);
    expect((await post(signatureHeaders(secret, 'evt_forged', body), body.replace('deleted', 'created'))).status).toBe(
      400,
    );
    const stale = signatureHeaders(secret, 'evt_forged', body, Math.floor(Date.now() / 1000) - 3600);
    expect((await post(stale)).status).toBe(400);
    expect((await post({})).status).toBe(400);
    // A second delivery of one event is answered and not handled again.
    const signed = signatureHeaders(secret, 'evt_forged', body);
    expect((await post(signed)).status).toBe(204);
    expect((await post(signed)).status).toBe(204);
    expect(receiver.lines.filter((l) => l.includes('evt_forged'))).toEqual(['post.deleted evt_forged']);
  });
});

/** The most memory the process has held so far (peak resident set, from /proc), in bytes. */
function peakRss(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)![1]) * 1024;
}

/** POSTs `size` bytes (chunked unless `declared`), 64 KiB at a time; resolves with the status once the body is sent. */
function postLarge(url: string, size: number, declared: boolean): Promise<number> {
  const piece = Buffer.alloc(64 * 1024, 'a');
  return new Promise((resolvePost, reject) => {
    let status: number | undefined;
    let sent = false;
    const settle = () => status !== undefined && sent && resolvePost(status);
    const req = request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(declared ? { 'content-length': String(size) } : {}) },
    });
    req.on('response', (res) => {
      status = res.statusCode;
      res.resume();
      // An answer before the whole body went out: nothing more needs sending.
      sent = true;
      settle();
      req.destroy();
    });
    req.on('error', (err) => (status === undefined ? reject(err) : settle()));
    let left = size;
    const write = () => {
      while (left > 0 && status === undefined) {
        const n = Math.min(left, piece.length);
        left -= n;
        if (!req.write(n === piece.length ? piece : piece.subarray(0, n))) return void req.once('drain', write);
      }
      if (status === undefined) req.end(() => ((sent = true), settle()));
    };
    write();
  });
}

describe("the README's receiver bounds what it reads (1 MiB, then 413) before it verifies", () => {
  const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
  const FIFTY_MB = 50 * 1024 * 1024;

  it.skipIf(process.platform !== 'linux')(
    'a 50 MB unsigned body, chunked or declared, is answered 413 and the receiver keeps far less than it',
    async () => {
      // Collecting often makes the peak what the receiver keeps rather than dropped chunks not yet
      // collected on a loaded machine; a receiver that keeps the body whole holds all 50 MB at once.
      const receiver = await startReceiver(secret, ['--gc-interval=1000']);
      // One small request first, so the growth measured is the large bodies', not the first request's.
      expect((await fetch(receiver.url, { method: 'POST', body: '{}' })).status).toBe(400);
      const before = peakRss(receiver.child);
      expect(await postLarge(receiver.url, FIFTY_MB, false)).toBe(413);
      expect(await postLarge(receiver.url, FIFTY_MB, true)).toBe(413);
      const grown = peakRss(receiver.child) - before;
      expect(grown).toBeLessThan(FIFTY_MB / 2);
      // It still answers deliveries of a normal size.
      const body = JSON.stringify({ id: 'evt_small', creation_time: '2026-01-01T00:00:00Z', event: 'post.created' });
      const res = await fetch(receiver.url, {
        method: 'POST',
        headers: signatureHeaders(secret, 'evt_small', body),
        body,
      });
      expect(res.status).toBe(204);
    },
  );
});
