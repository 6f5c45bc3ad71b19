import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY, BOB, fixtureSeed } from '../support/fixture-seed.js';
import { FP_BIN, startFpServer, type FpServer } from '../support/run-fp.js';

const COUNT = 1000;
const keyOf = (i: number) => `b${i.toString(36).padStart(4, '0')}`;
const KEYS = Array.from({ length: COUNT }, (_, i) => keyOf(i));

/** The fixture plus 1,000 posts under review (status 1), keys b0000 on. */
function bulkSeed() {
  const seed = fixtureSeed();
  const posts = seed.portals[0].posts!;
  for (let i = 0; i < COUNT; i++) {
    posts.push({
      key: keyOf(i),
      database_id: 5000 + i,
      title: `Bulk ${i}`,
      description: '',
      author_id: BOB,
      tab_id: 1,
      status_id: 1,
      category_ids: [],
      created_at: '2026-03-01T00:00:00Z',
    } as (typeof posts)[number]);
  }
  return seed;
}

/** The tally and the retry line, without the notices that depend on timing (adaptive concurrency, long waits). */
const tallyLines = (stderr: string) =>
  stderr
    .trimEnd()
    .split('\n')
    .filter((l) => !l.startsWith('rate limited (429)') && !/^waiting .* to retry /.test(l));

const journalLines = (path: string) =>
  readFileSync(path, 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, any>);

// 20% of attempts fault: ten in a row (fp's limit, after which an item fails) is one request in 10^7.
describe('bulk post update and undo under injected faults (--faults 503:0.1:0,429:0.1:0)', () => {
  let server: FpServer;
  const journal = join(mkdtempSync(join(tmpdir(), 'fp-journal-')), 'planned.ndjson');
  beforeAll(async () => {
    server = await startFpServer(bulkSeed(), ['--faults', '503:0.1:0,429:0.1:0', '--fault-seed', '23']);
  });
  afterAll(() => server.stop());

  it('updates 1,000 posts, each changed exactly once, and the journal holds every post before and after (D-BULK-MACHINERY, D-BULK-JOURNAL)', async () => {
    const r = await server.fp(
      [
        'posts',
        'update',
        '-',
        '--status',
        'Planned',
        '--category',
        'Integrations',
        '--journal',
        journal,
        '--concurrency',
        '32',
      ],
      {
        input: KEYS.join('\n'),
        timeoutMs: 170_000,
      },
    );
    expect(r.code, r.stderr.slice(-3000)).toBe(0);
    const lines = tallyLines(r.stderr);
    expect(lines[0]).toBe('Updated 1000, unchanged 0 (already so), failed 0');
    const retried = /^Retried (\d+) requests \(429: (\d+), 503: (\d+)\)$/.exec(lines[1] ?? '');
    expect(retried, lines[1]).not.toBeNull();
    expect(Number(retried![2])).toBeGreaterThan(100);
    expect(Number(retried![3])).toBeGreaterThan(100);

    const [header, ...entries] = journalLines(journal);
    expect(header).toMatchObject({ fp_journal: 1, portal: server.url, command: 'posts update' });
    expect(entries).toHaveLength(COUNT);
    expect(new Set(entries.map((e) => e.key))).toEqual(new Set(KEYS));
    for (const e of entries)
      expect(e).toMatchObject({
        op: 'update',
        outcome: 'changed',
        before: { status_id: 1, category_id: null },
        after: { status_id: 2, category_id: 1 },
      });

    // Exactly once: one status change per post in the portal's event log.
    const events = await server.fp(['events', 'tail', '--json'], { timeoutMs: 60_000 });
    expect(events.code).toBe(0);
    const changes = new Map<string, number>();
    for (const line of events.stdout.trim().split('\n')) {
      const entry = JSON.parse(line);
      if (entry.type !== 'post.status_changed') continue;
      const key = entry.payload.data.post.key ?? entry.payload.data.post.id;
      changes.set(String(key), (changes.get(String(key)) ?? 0) + 1);
    }
    expect(KEYS.filter((k) => changes.get(k) !== 1)).toEqual([]);
  }, 180_000);

  it('undo restores the 1,000-post run and refuses, by name, the post changed in between (D-BULK-UNDO)', async () => {
    const moved = keyOf(417);
    expect((await server.fp(['posts', 'update', moved, '--category', 'Mobile'])).code).toBe(0);
    const r = await server.fp(['posts', 'undo', '--journal', journal, '--yes', '--concurrency', '32'], {
      timeoutMs: 170_000,
    });
    expect(r.code, r.stderr.slice(-3000)).toBe(1);
    const lines = tallyLines(r.stderr);
    expect(lines[0], r.stderr.slice(-3000)).toBe(
      'Restored 999, unchanged 0 (as before already), refused 1 (changed since), not restorable 0 (deleted), failed 0',
    );
    expect(lines[1]).toBe(
      `  post ${moved} refused: changed since: status_id 2, category_id 2 now, the run left status_id 2, category_id 1`,
    );
    // Every other post is back under review with no category; the refused one is as it was changed.
    const planned = await server.fp(['posts', 'list', '--status', 'Planned', '--all', '--json'], { timeoutMs: 60_000 });
    expect((planned.json as Array<{ id: string }>).map((p) => p.id).filter((k) => KEYS.includes(k))).toEqual([moved]);
    const back = await server.fp(['posts', 'list', '--status', 'Under review', '--all', '--json'], {
      timeoutMs: 60_000,
    });
    const restored = (back.json as Array<{ id: string; categories: unknown[] }>).filter((p) => KEYS.includes(p.id));
    expect(restored).toHaveLength(COUNT - 1);
    expect(restored.every((p) => p.categories.length === 0)).toBe(true);
  }, 180_000);
});

describe('Ctrl-C during a bulk post run', () => {
  let server: FpServer;
  const journal = join(mkdtempSync(join(tmpdir(), 'fp-journal-')), 'stopped.ndjson');
  beforeAll(async () => {
    server = await startFpServer(bulkSeed(), ['--faults', 'delay:150:1']);
  });
  afterAll(() => server.stop());

  it('stops new requests, says "not tried N", exits 130, and the journal holds exactly the posts that settled', async () => {
    const child = spawn(
      process.execPath,
      [FP_BIN, 'posts', 'update', '-', '--status', 'Planned', '--journal', journal, '--concurrency', '2'],
      {
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          CI: 'true',
          NO_COLOR: '1',
          FP_BASE_URL: server.url,
          FP_API_KEY: ADMIN_KEY,
        },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdin.end(KEYS.slice(0, 200).join('\n'));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    // Interrupt once the journal holds a settled post.
    const settled = () => (existsSync(journal) ? readFileSync(journal, 'utf8').trimEnd().split('\n').length - 1 : 0);
    while (settled() === 0) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGINT');
    expect(await exited).toBe(130);

    const lines = stderr.trimEnd().split('\n');
    expect(lines[0]).toBe('Interrupted: no new requests; waiting for those in flight (Ctrl-C again to quit at once)…');
    const m = /^Updated (\d+), unchanged 0 \(already so\), failed 0, not tried (\d+)$/.exec(lines[1]);
    expect(m, lines[1]).not.toBeNull();
    const [updated, notTried] = [Number(m![1]), Number(m![2])];
    expect(updated + notTried).toBe(200);
    expect(updated).toBeLessThan(200);
    const entries = journalLines(journal).slice(1);
    expect(entries).toHaveLength(updated);
    expect(entries.every((e) => e.outcome === 'changed')).toBe(true);
  }, 60_000);
});
