import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** Runs it with node; resolves with its URL and each line it prints. */
async function startReceiver(secret: string) {
  const dir = mkdtempSync(join(tmpdir(), 'fp-readme-receiver-'));
  writeFileSync(join(dir, 'receiver.mjs'), readmeReceiver());
  const child = spawn(process.execPath, [join(dir, 'receiver.mjs')], {
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
  return { url, lines, printed };
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
    const log = await server.fp(['webhooks', 'deliveries', String(added.json.id), '--json']);
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
