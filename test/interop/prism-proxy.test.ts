import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFp, startFpServer, type FpServer } from '../support/run-fp.js';

/**
 * Prism 5.14.2's validating proxy (`prism proxy --errors`) in front of `fp server --seed demo`,
 * carrying the JSON traffic of a run of fp commands (reads, paged lists, writes of every kind
 * and a documented refusal) and what other clients send: a form, multipart text, a blank page. With `--errors` a response that breaks docs/openapi.json is turned
 * into Prism's own 500 and a request that breaks it into Prism's 422, so every command must
 * succeed; and Prism must log no violation at all. Binary bodies are left out (the ZIP export,
 * the multipart sync upload): Prism does not validate them and may fail on them
 * (stoplightio/prism#1773, open: a binary upload stops Prism).
 */
const root = resolve(import.meta.dirname, '../..');
const PRISM = resolve(root, 'node_modules/@stoplight/prism-cli/dist/index.js');
const KEY = 'acme-admin';

let server: FpServer;
let prism: ChildProcess;
let prismUrl: string;
const log: string[] = [];

beforeAll(async () => {
  server = await startFpServer('demo');
  // Port 0: Prism takes the port the system gives and names it. A port found free beforehand
  // could be taken by another test's process before Prism bound it (EADDRINUSE).
  const args = ['proxy', resolve(root, 'docs/openapi.json'), server.url, '--host', '127.0.0.1', '--port', '0'];
  prism = spawn(process.execPath, [PRISM, ...args, '--errors'], { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((ready, failed) => {
    for (const stream of [prism.stdout!, prism.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => {
        log.push(line);
        const listening = /Prism is listening on (http:\/\/127\.0\.0\.1:[1-9]\d*)/.exec(line);
        if (listening) {
          prismUrl = listening[1];
          ready();
        }
      });
    }
    prism.once('exit', (code) => failed(new Error(`prism exited (${code}):\n${log.join('\n')}`)));
  });
}, 120_000);

afterAll(async () => {
  prism?.kill();
  await server?.stop();
});

/** One fp command through Prism; the JSON it printed, if any. */
async function fp(args: string[], expectCode = 0): Promise<any> {
  const r = await runFp(args, { baseUrl: prismUrl, apiKey: KEY, timeoutMs: 30_000 });
  expect([args.join(' '), r.code, r.code === expectCode ? '' : r.stderr]).toEqual([args.join(' '), expectCode, '']);
  return r.json;
}

describe('Prism 5.14.2 validating proxy in front of fp server', () => {
  it("carries fp's JSON traffic, a form, multipart text and a blank page with 0 violations", async () => {
    await fp(['portal', 'get']);
    await fp(['posts', 'list', '--limit', '5', '--order-by', 'votes_count', '--order', 'desc']);
    await fp(['posts', 'list', '--all', '--format', 'ndjson']);
    await fp(['posts', 'view', 'txmrb', '--comments']);
    for (const list of ['statuses', 'tags', 'tabs', 'categories', 'groups', 'feedback']) await fp([list, 'list']);
    await fp(['sections', 'list', '--tab', 'Help center']);
    await fp(['users', 'list', '--all']);
    await fp(['users', 'find', 'tom.becker@acme.test']);
    await fp(['moderation', 'pending']);
    await fp(['moderation', 'rejected']);
    await fp(['comments', 'list', 'txmrb']);

    await fp(['categories', 'create', 'Prism proxy', '--color', '#ff8800']);
    await fp(['categories', 'update', 'Prism proxy', '--color', '#3366ff']);
    await fp(['categories', 'delete', 'Prism proxy', '--yes']);
    await fp(['groups', 'create', 'Prism group', '--description', 'Made through the proxy']);
    await fp(['groups', 'users', 'add', 'Prism group', 'mia.chen@acme.test']);
    await fp(['groups', 'users', 'remove', 'Prism group', 'Mia Chen', '--yes']);
    await fp(['groups', 'delete', 'Prism group', '--yes']);
    const comment = await fp([
      'comments',
      'create',
      'txmrb',
      '--user',
      'raj.patel@acme.test',
      '--text',
      'Via Prism',
      '--json',
    ]);
    await fp(['comments', 'update', String(comment.id), '--text', 'Edited via Prism']);
    await fp(['comments', 'delete', String(comment.id), '--yes']);
    const reference = await fp(['references', 'add', '7brc4', 'PRISM-1', '--json']);
    await fp(['references', 'delete', String(reference.id), '--yes']);
    await fp(['votes', 'add', 'txmrb', '--anonymous-from', 'prism@example.com']);
    await fp(['votes', 'remove', 'txmrb', '--anonymous-from', 'prism@example.com']);
    const post = await fp(['posts', 'create', '--title', 'Through Prism', '--category', 'Mobile app', '--json']);
    await fp(['posts', 'update', post.id, '--status', 'Planned']);
    await fp(['posts', 'delete', post.id, '--yes']);
    await fp(['kb', 'link-health', 'results', '--tab', 'help']);
    await fp(['posts', 'view', 'zz999'], 1); // a documented 404

    // What other clients send and the document now lists: a form, multipart text, a blank page.
    const call = (path: string, init: RequestInit = {}) =>
      fetch(`${prismUrl}${path}`, { ...init, headers: { authorization: `Bearer ${KEY}`, ...init.headers } });
    const form = await call('/api/v1/categories', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=Sent+as+a+form',
    });
    expect([form.status, (await form.json()).data.name]).toEqual([200, 'Sent as a form']);
    const parts = new FormData();
    parts.set('name', 'Sent as multipart text');
    const multipart = await call('/api/v1/groups', { method: 'POST', body: parts });
    expect([multipart.status, (await multipart.json()).data.name]).toEqual([200, 'Sent as multipart text']);
    expect((await call('/api/v1/moderation/rejected?page=')).status).toBe(200);

    const forwarded = log.filter((l) => l.includes('Forwarding')).length;
    expect(forwarded).toBeGreaterThan(40);
    expect(log.filter((l) => /Violation|terminated with error/.test(l))).toEqual([]);
  }, 240_000);
});
