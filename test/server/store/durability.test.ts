import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { build } from 'esbuild';
import { Pool, request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/store/database.js';
import { Store } from '../../../src/server/store/store.js';
import { ADMIN_KEY, CARA, fixtureSeed } from '../../support/fixture-seed.js';

/**
 * `kill -9` durability: the real server runs in a child process (bundled with
 * esbuild, since node cannot run the TypeScript sources), takes writes over
 * HTTP, is killed with SIGKILL and started again on the same data file.
 */

const ROOT = resolve(import.meta.dirname, '../../..');
// Inside node_modules so the bundle's external packages (zod, …) resolve.
const BUNDLE_DIR = join(ROOT, 'node_modules', '.cache', 'fp-test', `durability-${randomUUID()}`);
const BUNDLE = join(BUNDLE_DIR, 'server-child.mjs');

let workDir: string;
let seedFile: string;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  await mkdir(BUNDLE_DIR, { recursive: true });
  await build({
    stdin: {
      contents: [
        "import { startServer } from './src/server/start-server.ts';",
        'const [data, seed] = process.argv.slice(2);',
        'const server = await startServer({ port: 0, data, seed });',
        'process.stdout.write(`READY ${server.url}\\n`);',
      ].join('\n'),
      resolveDir: ROOT,
      sourcefile: 'server-child.ts',
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: BUNDLE,
    logLevel: 'silent',
  });
  workDir = await mkdtemp(join(tmpdir(), 'fp-durability-'));
  seedFile = join(workDir, 'seed.json');
  await writeFile(seedFile, JSON.stringify(fixtureSeed()));
});

afterEach(async () => {
  for (const child of children) await kill(child);
});

afterAll(async () => {
  await rm(BUNDLE_DIR, { recursive: true, force: true });
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

interface Child {
  process: ChildProcess;
  url: string;
}

/** Start the bundled server on a data file and wait for the URL it prints. */
async function startChild(dataFile: string): Promise<Child> {
  const child = spawn(process.execPath, [BUNDLE, dataFile, seedFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let stderr = '';
  child.stderr!.on('data', (c) => (stderr += c));
  const url = await new Promise<string>((resolveUrl, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const m = /^READY (\S+)$/.exec(line);
      if (m) resolveUrl(m[1]);
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`server child exited (${code ?? signal}) before it was ready: ${stderr}`)),
    );
  });
  return { process: child, url };
}

async function kill(child: ChildProcess): Promise<void> {
  children.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGKILL');
  await exited;
}

async function call(url: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await request(url + path, {
    method,
    headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.statusCode, body: (await res.body.json()) as any };
}

describe('durability of acknowledged writes', () => {
  it('D-DURABILITY every write acknowledged with 2xx survives kill -9 and a restart on the same data file', async () => {
    const dataFile = join(workDir, 'acknowledged.db');
    const first = await startChild(dataFile);
    const groupNames: string[] = [];
    const feedbackIds: string[] = [];
    for (let i = 0; i < 10; i++) {
      const group = await call(first.url, 'POST', '/api/v1/groups', { name: `Durable group ${i}` });
      expect(group.status).toBe(200);
      groupNames.push(group.body.data.name);
      const fb = await call(first.url, 'POST', '/api/v1/feedback', { type: 'idea', feedback: `Durable ${i}` });
      expect(fb.status).toBe(200);
      feedbackIds.push(fb.body.data.id);
    }
    await kill(first.process);

    const second = await startChild(dataFile);
    const groups = await call(second.url, 'GET', '/api/v1/groups');
    expect(groups.body.data.map((g: { name: string }) => g.name)).toEqual([
      'Beta testers',
      'Empty group',
      ...groupNames,
    ]);
    const feedback = await call(second.url, 'GET', '/api/v1/feedback');
    expect(feedback.body.data.map((f: { id: string }) => f.id)).toEqual(expect.arrayContaining(feedbackIds));
    expect(feedback.body.data).toHaveLength(2 + feedbackIds.length);
  });

  it('the data file always opens while writes are hammered and the server is killed at a random moment', async () => {
    const dataFile = join(workDir, 'hammered.db');
    const server = await startChild(dataFile);
    const acknowledged: string[] = [];
    const killAfter = 10 + Math.floor(Math.random() * 60);
    let killed = false;
    let killing: Promise<void> | undefined;

    const writer = async (worker: number) => {
      for (let i = 0; !killed; i++) {
        try {
          const res = await call(server.url, 'POST', '/api/v1/feedback', { type: 'load', feedback: `w${worker}-${i}` });
          if (res.status === 200) acknowledged.push(res.body.data.feedback);
        } catch {
          return; // the connection died with the process: that write was never acknowledged
        }
        if (acknowledged.length >= killAfter && !killing) {
          killed = true;
          killing = kill(server.process);
        }
      }
    };
    const reader = async () => {
      let reads = 0;
      while (!killed) {
        // Another process reading the database while it is written: always a whole committed state.
        const db = openDatabase(dataFile);
        try {
          expect(db.prepare('SELECT count(*) AS n FROM feedback').all([])[0], `read ${reads}`).toMatchObject({
            n: expect.any(Number),
          });
        } finally {
          db.close();
        }
        reads++;
        await new Promise((r) => setImmediate(r));
      }
      return reads;
    };

    const [reads] = await Promise.all([reader(), ...Array.from({ length: 6 }, (_, w) => writer(w))]);
    await killing;
    expect(reads).toBeGreaterThan(0);
    expectAllStored(dataFile, acknowledged);

    const again = await startChild(dataFile);
    const listed = await call(again.url, 'GET', '/api/v1/feedback');
    const listedTexts = new Set(listed.body.data.map((f: { feedback: string }) => f.feedback));
    for (const text of acknowledged) expect(listedTexts.has(text), text).toBe(true);
  });

  it('SIGKILL during 1,000 concurrent writes loses no write that was answered 2xx', async () => {
    const dataFile = join(workDir, 'thousand.db');
    const server = await startChild(dataFile);
    const acknowledged: string[] = [];
    const killAfter = 200 + Math.floor(Math.random() * 600);
    let killing: Promise<void> | undefined;
    const pool = new Pool(server.url, { connections: 100, pipelining: 1 });
    const write = async (i: number) => {
      try {
        const res = await pool.request({
          path: `/api/v1/posts/dark1/comments`,
          method: 'POST',
          headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({ user_id: CARA, comment: `c${i}`, silent: true }),
        });
        const body = (await res.body.json()) as { data: { comment: string } };
        if (res.statusCode === 200) acknowledged.push(body.data.comment);
      } catch {
        return; // never answered: the process died first
      }
      if (acknowledged.length >= killAfter && !killing) killing = kill(server.process);
    };
    await Promise.all(Array.from({ length: 1000 }, (_, i) => write(i)));
    await killing;
    await pool.destroy();
    expect(acknowledged.length).toBeGreaterThanOrEqual(killAfter);
    const stored = expectAllStored(dataFile, [], acknowledged);
    // Comment ids stay unique and the post's count matches its rows.
    expect(new Set(stored.comments.map((c) => c.id)).size).toBe(stored.comments.length);
  });
});

/** Opens the data file as the next start would and checks every acknowledged text is in it. */
function expectAllStored(dataFile: string, feedbackTexts: string[], commentTexts: string[] = []) {
  const store = new Store(openDatabase(dataFile));
  try {
    const portal = store.portals[0];
    const feedback = new Set(portal.feedback.list().map((f) => f.feedback));
    for (const text of feedbackTexts) expect(feedback.has(text), text).toBe(true);
    const comments = portal.comments.list();
    const texts = new Set(comments.map((c) => c.comment));
    for (const text of commentTexts) expect(texts.has(text), text).toBe(true);
    expect(portal.posts.approvedCommentCount('dark1')).toBe(
      comments.filter((c) => c.post_key === 'dark1' && c.moderation_status === 'approved').length,
    );
    return { comments };
  } finally {
    store.close();
  }
}
