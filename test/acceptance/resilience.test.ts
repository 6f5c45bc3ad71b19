import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY, CARA, fixtureSeed } from '../support/fixture-seed.js';
import { FP_BIN, runFp, startFpServer, type FpServer } from '../support/run-fp.js';

/** The fixture plus `count` pending comments with ids from 1000 on. */
function pendingSeed(count: number) {
  const seed = fixtureSeed();
  for (let i = 0; i < count; i++) {
    seed.portals[0].comments!.push({
      id: 1000 + i,
      post_key: 'dark1',
      user_id: CARA,
      comment: `Queued ${i}`,
      moderation_status: 'pending',
      created_at: '2026-03-02T00:00:00Z',
    });
  }
  return seed;
}
const commentIds = (count: number) => Array.from({ length: count }, (_, i) => String(1000 + i)).join('\n');

async function pendingCount(server: FpServer): Promise<number> {
  const r = await server.fp(['moderation', 'pending', '--all', '--json'], { timeoutMs: 60_000 });
  expect(r.code).toBe(0);
  return (r.json as unknown[]).length;
}

// A 20% fault rate: one request meets ten faults in a row (fp's limit of attempts, after which the
// item fails) about once in 10^7 requests. At 30% that was once in 170,000: a run in forty failed.
describe('bulk approve under injected faults (--faults 503:0.1:0,429:0.1:0 --fault-seed 11)', () => {
  let server: FpServer;
  beforeAll(async () => {
    server = await startFpServer(pendingSeed(1000), ['--faults', '503:0.1:0,429:0.1:0', '--fault-seed', '11']);
  });
  afterAll(() => server.stop());

  it('approves all 1,000 items, exits 0 and tallies each once; every retry was a 429 or 503', async () => {
    const started = Date.now();
    const r = await server.fp(['moderation', 'approve', 'comment', '-', '--concurrency', '32'], {
      input: commentIds(1000),
      timeoutMs: 170_000,
    });
    const seconds = (Date.now() - started) / 1000;
    expect(r.code, r.stderr.slice(-3000)).toBe(0);
    // Notices of the adaptive concurrency ("rate limited (429): now 16 requests at a time") and of long
    // waits ("waiting 2 s to retry comment 1587: …", when one item meets several faults in a row) come
    // as the faults fall on the items, which depends on timing; the tally and the retry count end the output.
    const lines = r.stderr
      .trimEnd()
      .split('\n')
      .filter((l) => !l.startsWith('rate limited (429)') && !/^waiting .* to retry /.test(l));
    expect(lines[0]).toBe('Approved 1000, skipped 0 (already approved), failed 0');
    const retried = /^Retried (\d+) requests \(429: (\d+), 503: (\d+)\)$/.exec(lines[1] ?? '');
    expect(retried, lines[1]).not.toBeNull();
    const [total, tooMany, unavailable] = retried!.slice(1).map(Number);
    // Every retry was a 429 or a 503 (nothing else was injected); 10% of 1,000 items' attempts each.
    expect(tooMany + unavailable).toBe(total);
    expect(tooMany).toBeGreaterThan(50);
    expect(unavailable).toBeGreaterThan(50);
    expect(lines).toHaveLength(2);
    expect(await pendingCount(server)).toBe(2); // the fixture's own pending post and comment 104
    console.info(`bulk under faults: 1000 items, ${lines[1]}, ${seconds.toFixed(1)} s`);
  }, 180_000);
});

describe('bulk approve under a rate limit (--rate-limit 25/2s)', () => {
  let server: FpServer;
  beforeAll(async () => {
    server = await startFpServer(pendingSeed(60), ['--rate-limit', '25/2s']);
  });
  afterAll(() => server.stop());

  it('slows down instead of failing: every item approved, the 429s waited out', async () => {
    const started = Date.now();
    const r = await server.fp(['moderation', 'approve', 'comment', '-', '--concurrency', '8'], {
      input: commentIds(60),
      timeoutMs: 60_000,
    });
    const seconds = (Date.now() - started) / 1000;
    expect(r.code).toBe(0);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toContain('Approved 60, skipped 0 (already approved), failed 0');
    expect(lines.at(-1)).toMatch(/^Retried \d+ requests? \(429: \d+\)$/);
    console.info(`bulk under a rate limit of 25/2s: 60 items, ${lines.at(-1)}, ${seconds.toFixed(1)} s`);
  }, 70_000);
});

describe('Ctrl-C during a bulk run', () => {
  let server: FpServer;
  beforeAll(async () => {
    server = await startFpServer(pendingSeed(200), ['--faults', 'delay:150:1']);
  });
  afterAll(() => server.stop());

  it('stops new requests, lets those in flight finish, prints the tally and exits 130', async () => {
    const child = spawn(process.execPath, [FP_BIN, 'moderation', 'approve', 'comment', '-', '--concurrency', '2'], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        CI: 'true',
        NO_COLOR: '1',
        FP_BASE_URL: server.url,
        FP_API_KEY: ADMIN_KEY,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdin.end(commentIds(200));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    // Interrupt once the server has approved something.
    while ((await pendingCount(server)) === 202) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGINT');
    expect(await exited).toBe(130);

    const approved = 202 - (await pendingCount(server));
    const lines = stderr.trimEnd().split('\n');
    expect(lines[0]).toBe('Interrupted: no new requests; waiting for those in flight (Ctrl-C again to quit at once)…');
    expect(lines[1]).toBe(`Approved ${approved}, skipped 0 (already approved), failed 0, not tried ${200 - approved}`);
    expect(approved).toBeGreaterThan(0);
    expect(approved).toBeLessThan(200);
  }, 60_000);
});

describe('ids', () => {
  let server: FpServer;
  beforeAll(async () => {
    server = await startFpServer();
  });
  afterAll(() => server.stop());

  it('7 and 007 are one id: comment 104 given as 104 and 0104 is approved once', async () => {
    const r = await server.fp(['moderation', 'approve', 'comment', '104', '0104', '--json']);
    expect(r.code).toBe(0);
    expect(r.json).toEqual([
      { type: 'comment', id: 104, outcome: 'approved', message: 'Comment approved successfully' },
    ]);
    expect(r.stderr).toBe('Approved 1, skipped 0 (already approved), failed 0\n');
  });
});

describe('the stored key stays with its portal', () => {
  let portal: FpServer;
  let other: Server;
  let otherUrl: string;
  const seenByOther: IncomingHttpHeaders[] = [];
  beforeAll(async () => {
    portal = await startFpServer();
    other = createServer((req, res) => {
      seenByOther.push(req.headers);
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Unauthenticated."}');
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await portal.stop();
    other.closeAllConnections();
    await new Promise((r) => other.close(r));
  });

  it('--base-url or FP_BASE_URL naming another address does not get it: exit 4, both addresses named, nothing sent', async () => {
    const configDir = join(mkdtempSync(join(tmpdir(), 'fp-acc-bind-')), 'fp');
    const env = { FP_CONFIG_DIR: configDir };
    expect(
      (await runFp(['auth', 'login', '--with-key', '--base-url', portal.url], { env, input: ADMIN_KEY })).code,
    ).toBe(0);

    const byFlag = await runFp(['portal', 'get', '--base-url', otherUrl, '--debug'], { env });
    expect(byFlag.code).toBe(4);
    expect(byFlag.stderr).toBe(
      `error: the key of profile "default" belongs to ${portal.url} and is not sent to ${otherUrl} (--base-url); ` +
        `set FP_API_KEY to a key for that portal, or store one with \`fp auth login --base-url ${otherUrl} --profile NAME\`\n`,
    );
    const byEnv = await runFp(['portal', 'get'], { env: { ...env, FP_BASE_URL: otherUrl } });
    expect(byEnv.code).toBe(4);
    expect(byEnv.stderr).toContain(`(FP_BASE_URL)`);
    expect(seenByOther).toEqual([]);

    // With FP_API_KEY that key is sent, never the stored one; the error and --debug show only its last 4 characters.
    const withKey = await runFp(['portal', 'get', '--base-url', otherUrl, '--debug'], {
      env: { ...env, FP_API_KEY: 'other-portal-key-9876' },
    });
    expect(withKey.code).toBe(4);
    expect(seenByOther.map((h) => h.authorization)).toEqual(['Bearer other-portal-key-9876']);
    expect(withKey.stderr).toContain('> authorization: Bearer ****9876\n');
    expect(withKey.stderr).not.toContain('other-portal-key');
    expect(withKey.stderr).not.toContain(ADMIN_KEY);
    expect(withKey.stderr).toMatch(
      /error: Unauthenticated\. \(401\)\nhint: the portal refused the API key: run `fp auth login`[^\n]*\n$/,
    );
  });
});

describe('the config file', () => {
  let server: FpServer;
  beforeAll(async () => {
    server = await startFpServer();
  });
  afterAll(() => server.stop());

  it('twenty concurrent logins keep twenty profiles', async () => {
    const configDir = join(mkdtempSync(join(tmpdir(), 'fp-acc-race-')), 'fp');
    const env = { FP_CONFIG_DIR: configDir };
    const runs = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        runFp(['auth', 'login', '--with-key', '--base-url', server.url, '--profile', `p${i}`], {
          env,
          input: ADMIN_KEY,
          timeoutMs: 90_000,
        }),
      ),
    );
    expect(runs.map((r) => r.code)).toEqual(Array(20).fill(0));
    const list = await runFp(['auth', 'list', '--json'], { env });
    expect((list.json as Array<{ name: string }>).map((p) => p.name).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `p${i}`).sort(),
    );
  }, 120_000);

  it('a damaged file is one line naming it and how to recover, exit 1, no stack trace', async () => {
    const configDir = join(mkdtempSync(join(tmpdir(), 'fp-acc-bad-')), 'fp');
    mkdirSync(configDir, { recursive: true });
    const file = join(configDir, 'config.json');
    writeFileSync(file, '{"profiles": {"default": "https://x.test"}}');
    const r = await runFp(['portal', 'get'], { env: { FP_CONFIG_DIR: configDir } });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `error: the config file ${file} does not hold fp profiles (profiles.default: Invalid input: expected object, received string): ` +
        `fix it by hand, or move it aside (mv "${file}" "${file}.bak") and run \`fp auth login\` again\n`,
    );
  });
});

describe('--timeout covers the whole answer', () => {
  let trickle: Server;
  let url: string;
  beforeAll(async () => {
    trickle = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const t = setInterval(() => res.write(' '), 100);
      res.on('close', () => clearInterval(t));
    });
    await new Promise<void>((r) => trickle.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(trickle.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    trickle.closeAllConnections();
    await new Promise((r) => trickle.close(r));
  });

  it('a body arriving a byte at a time fails after --timeout saying what it waited for', async () => {
    const r = await runFp(['portal', 'get', '--timeout', '1'], { baseUrl: url, apiKey: 'k' });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `error: timed out after 1 s reading the answer to GET /api/v1/portal from ${new URL(url).host}: it arrived too slowly; --timeout sets the limit\n`,
    );
  });
});
