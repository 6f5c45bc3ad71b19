import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildDataFile, buildDataFileFromSeedFile } from '../../../src/server/store/build-data-file.js';
import { FEWEST_BYTES_APART, workerShare } from '../../../src/server/store/comment-loader.js';
import { findCommentsCut, parseHead } from '../../../src/server/store/cut-seed-text.js';
import { loadSeed, SeedError } from '../../../src/server/store/load-seed.js';

/**
 * The built fp (bin/fp.js), as its worker thread exists only in the bundle: a
 * seed with many comments loads with part of them checked and inserted by the
 * worker, and must give the very database (and the very errors) of a load
 * without it.
 */
const FP_BIN = resolve(import.meta.dirname, '../../../bin/fp.js');
const WORKER = resolve(import.meta.dirname, '../../../dist/comment-loader-worker.js');
const COMMENTS = 24_000;

const libsql = (await import('libsql')).default as unknown as new (path: string) => {
  prepare(sql: string): { all(params: unknown[]): Record<string, unknown>[] };
  close(): void;
};

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 1000).toISOString();

/** The index of the first comment the worker gets, in the seed as written by JSON.stringify. */
function workerFrom(seed: object): number {
  const bytes = Buffer.from(JSON.stringify(seed));
  const head = parseHead(bytes, findCommentsCut(bytes, workerShare, FEWEST_BYTES_APART)!)!;
  return (head.document as { portals: Array<{ comments: unknown[] }> }).portals[head.portal].comments.length;
}

/** Two portals, every default that depends on the time or chance given; the last has many comments of every kind. */
function bigSeed() {
  const users = Array.from({ length: 40 }, (_, i) => ({ id: uuid(i + 1), name: `User ${i + 1}`, created_at: at(i) }));
  const posts = Array.from({ length: 500 }, (_, i) => ({
    key: `p${i}`,
    title: `Post ${i}`,
    author_id: uuid((i % 40) + 1),
    created_at: at(i),
  }));
  const comments: Record<string, unknown>[] = [];
  for (let i = 0; i < COMMENTS; i++) {
    const comment: Record<string, unknown> = {
      post_key: `p${i % 500}`,
      user_id: uuid((i % 40) + 1),
      comment: `Comment ${i}`,
    };
    // Every thousandth comment is written at the time of the load, in both parts: one time for all.
    if (i % 1000 !== 999) comment.created_at = at(i);
    // Ids given, except on every seventh comment (those get the next after the highest given one).
    if (i % 7 !== 3) comment.id = i * 2 + 1;
    if (i % 11 === 0) comment.moderation_status = 'pending';
    if (i % 13 === 0) comment.pinned_to_top = true;
    // Replies to comments of the same post, in the other part of the comments too, and to a comment without a given id.
    if (i % 17 === 5 && i > 1000 && (i - 1000) % 7 !== 3) comment.parent_id = (i - 1000) * 2 + 1;
    comments.push(comment);
  }
  // The last comment replies to the first comment of its post that has no id given.
  const last = comments[COMMENTS - 1];
  const highest = Math.max(...comments.map((c) => (c.id as number | undefined) ?? 0));
  const parent = comments.findIndex((c) => c.id === undefined && c.post_key === last.post_key);
  last.parent_id = highest + 1 + comments.slice(0, parent).filter((c) => c.id === undefined).length;
  return {
    format: 1,
    portals: [
      {
        id: 1,
        guid: 'g-1',
        hosts: ['one.localhost'],
        title: 'One',
        api_keys: [{ token: 'one' }],
        users: [{ id: 'u', name: 'U', created_at: at(0) }],
      },
      {
        id: 2,
        guid: 'g-2',
        hosts: ['127.0.0.1', 'localhost'],
        title: 'Two',
        api_keys: [{ token: 'two' }],
        users,
        posts,
        comments,
      },
    ],
  };
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fp-comment-loader-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** `fp server --seed FILE --data FILE` until it listens (then stopped) or exits; its stderr and exit code. */
function serve(seedFile: string, data: string): Promise<{ listened: boolean; code: number | null; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [FP_BIN, 'server', '--port', '0', '--seed', seedFile, '--data', data], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stderr = '';
    let listened = false;
    child.stderr.on('data', (d) => (stderr += d));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (/^Listening on /.test(line)) {
        listened = true;
        child.kill('SIGTERM');
      }
    });
    child.on('error', fail);
    child.on('close', (code) => done({ listened, code, stderr }));
  });
}

/** The files in a folder, but the WAL files of databases (the server's, and those this test reads). */
const filesIn = (folder: string) =>
  readdirSync(folder)
    .filter((name) => !/\.db-(wal|shm)$/.test(name))
    .sort();

/** Every row of every table (fp's and SQLite's own), in order. */
function contents(file: string): Record<string, unknown[]> {
  const db = new libsql(file);
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all([])
      .map((t) => String(t.name));
    const out: Record<string, unknown[]> = {
      schema: db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY name').all([]),
    };
    for (const t of tables) {
      // Tables WITHOUT ROWID are ordered by all their columns.
      const columns = db.prepare(`SELECT COUNT(*) AS n FROM pragma_table_info('${t}')`).all([])[0] as { n: number };
      const withoutRowid = /WITHOUT ROWID\s*$/i.test(
        String((db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').all([t])[0] as { sql: string }).sql),
      );
      const order = withoutRowid ? Array.from({ length: columns.n }, (_, i) => i + 1).join(', ') : 'rowid';
      out[t] = db.prepare(`SELECT * FROM "${t}" ORDER BY ${order}`).all([]);
    }
    return out;
  } finally {
    db.close();
  }
}

describe('a seed with many comments, part of them loaded by a worker thread', () => {
  it('the worker takes more of the comments when the rest of the seed is larger, from half of them to 90%', () => {
    expect(workerShare(31_000_000, 108_000_000)).toBeCloseTo(0.62, 2);
    expect(workerShare(0, 10_000_000)).toBeCloseTo(0.53, 2);
    expect(workerShare(50_000_000, 10_000_000)).toBe(0.9);
    expect(workerShare(10_000_000, 10_000_000)).toBeGreaterThan(workerShare(5_000_000, 10_000_000));
  });

  it('the seed is one the worker takes part of', () => {
    const seed = bigSeed();
    expect(Buffer.byteLength(JSON.stringify(seed))).toBeGreaterThan(FEWEST_BYTES_APART);
    expect(workerFrom(seed)).toBeGreaterThan(1_000);
    expect(workerFrom(seed)).toBeLessThan(COMMENTS - 1_000);
    const few = { portals: [{ comments: Array(100).fill({ post_key: 'p', user_id: 'u', comment: 'c' }) }] };
    expect(findCommentsCut(Buffer.from(JSON.stringify(few)), workerShare, FEWEST_BYTES_APART)).toBeUndefined();
  });

  it('D-SEED-TWO-THREADS gives the same database, row for row, as a load in one thread, and leaves no scratch file', async () => {
    const seed = bigSeed();
    const seedFile = join(dir, 'big.json');
    writeFileSync(seedFile, JSON.stringify(seed));
    const data = join(dir, 'big.db');
    const result = await serve(seedFile, data);
    expect({ listened: result.listened, stderr: result.stderr }).toEqual({ listened: true, stderr: '' });
    const loaded = contents(data);
    const times = new Set(
      (loaded.comments as Array<{ comment: string; created_at: string }>)
        .filter((c) => /999$/.test(c.comment))
        .map((c) => c.created_at),
    );
    expect(times.size).toBe(1);
    const expected = join(dir, 'expected.db');
    buildDataFile(expected, loadSeed(seed, new Date([...times][0])));
    expect(loaded).toEqual(contents(expected));
    expect(filesIn(dir)).toEqual(['big.db', 'big.json', 'expected.db']);
  }, 60_000);

  /** The seed built by buildDataFileFromSeedFile with the bundle's worker: the same database as a load in one thread; whether the worker took part. */
  async function loadsAsInOneThread(seed: ReturnType<typeof bigSeed>): Promise<boolean> {
    const seedFile = join(dir, 'big.json');
    writeFileSync(seedFile, JSON.stringify(seed));
    const now = new Date();
    const split = await buildDataFileFromSeedFile(join(dir, 'big.db'), seedFile, { now, workerScript: WORKER });
    buildDataFile(join(dir, 'expected.db'), loadSeed(seed, now));
    expect(contents(join(dir, 'big.db'))).toEqual(contents(join(dir, 'expected.db')));
    expect(filesIn(dir)).toEqual(['big.db', 'big.json', 'expected.db']);
    return split;
  }

  it('the worker (of the bundle) loads its part: the same database as without it', async () => {
    expect(await loadsAsInOneThread(bigSeed())).toBe(true);
  }, 60_000);

  it('D-SEED-TWO-THREADS a seed whose comments mislead the cut is loaded whole: the same database, without the worker', async () => {
    const seed = bigSeed();
    // An array and a key a portal also has, in the last comment: the end of the comments is misread.
    Object.assign(seed.portals[1].comments!.at(-1)!, { extra: [1], events: 2 });
    expect(await loadsAsInOneThread(seed)).toBe(false);
  }, 60_000);

  it('D-SEED-TWO-THREADS a problem in the comments of either part fails with the messages of a load in one thread, and leaves no file', async () => {
    const seed = bigSeed();
    const comments = seed.portals[1].comments!;
    const from = workerFrom(seed);
    comments[10].user_id = 'nobody';
    comments[from + 10].post_key = 'nowhere';
    comments[from + 20].created_at = 'soon';
    comments[COMMENTS - 2].parent_id = 1;
    const seedFile = join(dir, 'bad.json');
    const data = join(dir, 'bad.db');
    // Only the worker's part is bad: everything else loads.
    const onlyWorkerPart = structuredClone(bigSeed());
    onlyWorkerPart.portals[1].comments![from + 5].user_id = 'nobody';
    onlyWorkerPart.portals[1].comments![COMMENTS - 1].comment = 7;
    // An id given on both sides of the cut: each part alone is right.
    const sameIdBothSides = structuredClone(bigSeed());
    sameIdBothSides.portals[1].comments![from + 3].id = sameIdBothSides.portals[1].comments![5].id;
    for (const bad of [seed, onlyWorkerPart, sameIdBothSides]) {
      let expected: string[] = [];
      try {
        loadSeed(bad);
      } catch (err) {
        expected = (err as SeedError).problems;
      }
      expect(expected.length).toBeGreaterThan(0);
      writeFileSync(seedFile, JSON.stringify(bad));
      const result = await serve(seedFile, data);
      expect(result.listened).toBe(false);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain(`${seedFile}: invalid seed\n${expected.map((p) => `  ${p}`).join('\n')}\n`);
      expect(existsSync(data)).toBe(false);
      expect(readdirSync(dir)).toEqual(['bad.json']);
    }
  }, 60_000);
});
