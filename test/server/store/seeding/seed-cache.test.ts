import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startServer } from '../../../../src/server/start-server.js';
import { buildDataFile } from '../../../../src/server/store/seeding/build-data-file.js';
import { openDatabase } from '../../../../src/server/store/database.js';
import { loadSeed, SeedError } from '../../../../src/server/store/seeding/load-seed.js';
import { placeSeed, placeSeedScratch, seedCacheSettled } from '../../../../src/server/store/seeding/seed-cache.js';
import { ADMIN_KEY, BOB, fixtureSeed } from '../../../support/fixture-seed.js';
import { compiledSeedName } from './compiled-seed-name.js';

let dir: string;
let cacheDir: string;
let seedFile: string;
const NOW = new Date('2026-06-01T12:00:00Z');

/** The fixture seed with what a load would draw at random given, so two loads of it agree row for row. */
function seedWithoutChance() {
  const seed = fixtureSeed();
  seed.portals.forEach((p, i) => {
    p.guid ??= `00000000-0000-4000-8000-00000000000${i}`;
    p.groups?.forEach((g, j) => (g.id ??= `00000000-0000-4000-9000-0000000000${i}${j}`));
  });
  return seed;
}

const sharedCacheDir = process.env.FP_SEED_CACHE_DIR;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fp-seed-cache-'));
  cacheDir = join(dir, 'cache');
  seedFile = join(dir, 'seed.json');
  writeFileSync(seedFile, JSON.stringify(seedWithoutChance()));
  // The servers started here keep their compiled seeds in this test's own folder: the run's shared
  // one changes whenever another test file starts a server, which a look at the folder would see.
  process.env.FP_SEED_CACHE_DIR = cacheDir;
});
afterEach(async () => {
  if (sharedCacheDir === undefined) delete process.env.FP_SEED_CACHE_DIR;
  else process.env.FP_SEED_CACHE_DIR = sharedCacheDir;
  await rm(dir, { recursive: true, force: true });
});

/** Every row of every table, in order: two data files hold the same data when these are equal. */
function contents(path: string): Record<string, unknown[]> {
  const db = openDatabase(path);
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all([])
      .map((t) => String((t as { name: string }).name));
    const columns = (t: string) =>
      (db.prepare(`SELECT count(*) AS n FROM pragma_table_info('${t}')`).all([])[0] as { n: number }).n;
    const order = (t: string) => Array.from({ length: columns(t) }, (_, i) => i + 1).join(', ');
    return Object.fromEntries(tables.map((t) => [t, db.prepare(`SELECT * FROM "${t}" ORDER BY ${order(t)}`).all([])]));
  } finally {
    db.close();
  }
}

/** `placeSeed`, then the compiled seed's arrival in the cache, which the server does not wait for. */
async function place(path: string, seed: string, options: Parameters<typeof placeSeed>[2]): Promise<boolean> {
  const served = await placeSeed(path, seed, options);
  await seedCacheSettled();
  return served;
}

const compiled = () => join(cacheDir, compiledSeedName(readFileSync(seedFile)));
let again = 0;
/** Whether another start of the seed is served by its compiled seed: a whole data file of this schema, trusted, holding portals. */
const servedFromCache = () => place(join(dir, `again-${again++}.db`), seedFile, { cacheDir });
/** What the cache holds after one compile: the compiled seed and its index entry (D-SEED-CACHE-TRUST). */
const compiledAndEntry = () => {
  const name = compiledSeedName(readFileSync(seedFile));
  return [name, `${name}.json`];
};

describe('D-SEED-CACHE compiled seeds in the cache folder', () => {
  it('the first start compiles the seed into the cache, a later one copies it: the same data as a load of the seed', async () => {
    const first = join(dir, 'first.db');
    const second = join(dir, 'second.db');
    expect(await place(first, seedFile, { cacheDir, now: NOW })).toBe(false);
    expect(readdirSync(cacheDir).sort()).toEqual(compiledAndEntry());
    expect(await place(second, seedFile, { cacheDir, now: new Date() })).toBe(true);
    const expected = join(dir, 'expected.db');
    buildDataFile(expected, loadSeed(seedWithoutChance(), NOW));
    expect(contents(first)).toEqual(contents(expected));
    expect(contents(second)).toEqual(contents(expected));
  });

  it('a first start has its copies when placeSeed resolves; the compiled seed reaches the cache after, synced and renamed', async () => {
    const placed = join(dir, 'placed.db');
    const reset = join(dir, 'reset.db');
    expect(await placeSeed(placed, seedFile, { cacheDir, copyTo: reset, now: NOW })).toBe(false);
    expect(contents(reset)).toEqual(contents(placed));
    await seedCacheSettled();
    expect(readdirSync(cacheDir).sort()).toEqual(compiledAndEntry());
    expect(await servedFromCache()).toBe(true);
    expect(contents(compiled())).toEqual(contents(placed));
  });

  it("a first start's scratch file is the compiled file itself; the cache and reset copies taken from it while it is written hold the seed", async () => {
    const scratch = join(dir, 'scratch.db');
    const reset = join(dir, 'reset.db');
    const { ready } = await placeSeedScratch(scratch, seedFile, { cacheDir, copyTo: reset, now: NOW });
    const expected = contents(scratch);
    // The run writes, and checkpoints, before its copies are made: no checkpoint may reach the file.
    const db = openDatabase(scratch, { scratch: true });
    try {
      db.exec("UPDATE portals SET settings = json_set(settings, '$.title', 'Written by the run')");
      db.exec("INSERT INTO sequences (portal_id, name, last) SELECT portal_id, name || '-x', last FROM sequences");
      const checkpoint = db.prepare('PRAGMA wal_checkpoint(TRUNCATE)').all([])[0] as { busy: number };
      expect(checkpoint.busy).toBe(1);
      await ready;
      await seedCacheSettled();
      expect(contents(reset)).toEqual(expected);
      expect(contents(compiled())).toEqual(expected);
      expect(statSync(compiled()).ino).toBe(statSync(reset).ino);
      expect(await servedFromCache()).toBe(true);
    } finally {
      db.close();
    }
    expect(contents(scratch).portals).toContainEqual(
      expect.objectContaining({ settings: expect.stringContaining('Written by the run') }),
    );
  });

  it('other bytes are another seed: a changed seed file is compiled again', async () => {
    await place(join(dir, 'a.db'), seedFile, { cacheDir });
    const seed = seedWithoutChance();
    seed.portals[0].title = 'Renamed';
    writeFileSync(seedFile, JSON.stringify(seed));
    expect(await place(join(dir, 'b.db'), seedFile, { cacheDir })).toBe(false);
    expect(readdirSync(cacheDir).filter((n) => n.endsWith('.db'))).toHaveLength(2);
    expect(contents(join(dir, 'b.db')).portals).toContainEqual(
      expect.objectContaining({ settings: expect.stringContaining('Renamed') }),
    );
  });

  it('the reset copy of a seed is a link to its compiled seed, which a reset reads without changing a byte', async () => {
    const server = await startServer({ port: 0, seed: seedFile });
    const headers = { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' };
    try {
      await seedCacheSettled();
      const name = compiledSeedName(readFileSync(seedFile));
      const cached = join(cacheDir, name);
      const bytes = readFileSync(cached);
      expect(statSync(cached).nlink).toBeGreaterThanOrEqual(2);
      const res = await fetch(`${server.url}/api/v1/posts/dark1/comments`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ user_id: BOB, comment: 'Gone at the reset', silent: true }),
      });
      expect(res.ok).toBe(true);
      server.store.reset(server.store.portals[0].id);
      await server.store.commit();
      expect(server.store.portals[0].comments.list().map((c) => c.comment)).not.toContain('Gone at the reset');
      expect(readFileSync(cached).equals(bytes)).toBe(true);
      expect(
        readdirSync(cacheDir)
          .filter((n) => n.startsWith(name))
          .sort(),
      ).toEqual([name, `${name}.json`]);
    } finally {
      await server.close();
    }
  });

  it('nothing of an earlier run leaks in: a change made on the copy is gone at the next start of the same seed', async () => {
    const started = async () => startServer({ port: 0, seed: seedFile });
    const first = await started();
    const seeded = first.store.state;
    const headers = { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' };
    try {
      const res = await fetch(`${first.url}/api/v1/posts/dark1/comments`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ user_id: BOB, comment: 'Only in the first run', silent: true }),
      });
      expect(res.ok).toBe(true);
      await first.store.commit();
      expect(first.store.portals[0].comments.list().map((c) => c.comment)).toContain('Only in the first run');
    } finally {
      await first.close();
    }
    const before = readdirSync(cacheDir);
    const second = await started();
    try {
      expect(readdirSync(cacheDir)).toEqual(before);
      expect(second.store.portals[0].comments.list().map((c) => c.comment)).not.toContain('Only in the first run');
      expect(second.store.state).toEqual(seeded);
    } finally {
      await second.close();
    }
  });

  it('the scratch copy and the reset copy of a run are removed when the server stops', async () => {
    const mine = () =>
      readdirSync(tmpdir()).filter((n) => n.includes(`-${process.pid}-`) && /^fp-(scratch|reset)-/.test(n));
    const server = await startServer({ port: 0, seed: seedFile });
    await server.store.whenResettable();
    expect(mine().filter((n) => n.endsWith('.db'))).toHaveLength(2);
    await server.close();
    expect(mine()).toEqual([]);
  });

  it('a cached file cut short, or with a damaged header or first page, is compiled again', async () => {
    await place(join(dir, 'a.db'), seedFile, { cacheDir });
    const damage: Array<[string, () => void]> = [
      ['cut short', () => truncateSync(compiled(), 8192)],
      ['header', () => writeFileSync(compiled(), Buffer.alloc(100, 7), { flag: 'r+' })],
      [
        'first page',
        () => {
          const bytes = readFileSync(compiled());
          bytes.fill(0xab, 100, 4096);
          writeFileSync(compiled(), bytes);
        },
      ],
    ];
    for (const [what, spoil] of damage) {
      spoil();
      const placed = join(dir, `${what}.db`);
      expect(await place(placed, seedFile, { cacheDir }), what).toBe(false);
      expect(await servedFromCache(), what).toBe(true);
      expect(contents(placed).portals, what).toHaveLength(fixtureSeed().portals.length);
    }
  });

  it('a seed with problems fails with all of them and leaves no file, in the cache or beside the data file', async () => {
    const seed = fixtureSeed();
    seed.portals[0].comments![0].user_id = 'nobody';
    seed.portals[0].posts![0].author_id = 'nobody';
    writeFileSync(seedFile, JSON.stringify(seed));
    const err = await placeSeed(join(dir, 'data.db'), seedFile, { cacheDir }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SeedError);
    expect((err as SeedError).problems).toEqual([
      'portals[0].posts[0].author_id: unknown user',
      'portals[0].comments[0].user_id: unknown user',
    ]);
    expect(readdirSync(dir).sort()).toEqual(['cache', 'seed.json']);
    expect(readdirSync(cacheDir)).toEqual([]);
  });

  it("after a compile, keeps the 4 compiled seeds used last and any used in the last minute; a killed compile's file goes", async () => {
    mkdirSync(cacheDir, { mode: 0o700 });
    const now = Date.now();
    const names = Array.from({ length: 7 }, (_, i) => `${String(i).repeat(64)}.db`);
    names.forEach((name, i) => {
      writeFileSync(join(cacheDir, name), '');
      // 0 and 1 were used within the minute; the others an hour ago and more, 2 last.
      const used = new Date(i < 2 ? now - 1000 * (i + 1) : now - 3_600_000 * i);
      utimesSync(join(cacheDir, name), used, used);
    });
    writeFileSync(join(cacheDir, `${'f'.repeat(64)}.db.seeding-999999999`), '');
    // The seed compiled now is the one used last.
    expect(await place(join(dir, 'data.db'), seedFile, { cacheDir })).toBe(false);
    expect(readdirSync(cacheDir).sort()).toEqual([...compiledAndEntry(), ...names.slice(0, 3)].sort());
  });

  it("the cache folder: FP_SEED_CACHE_DIR, else seeds in fp's cache folder (XDG_CACHE_HOME when absolute, else ~/.cache)", async () => {
    const home = join(dir, 'home');
    const cases: Array<[Record<string, string | undefined>, NodeJS.Platform, string]> = [
      [
        { FP_SEED_CACHE_DIR: join(dir, 'x', 'seeds'), XDG_CACHE_HOME: join(dir, 'y') },
        'linux',
        join(dir, 'x', 'seeds'),
      ],
      [{ FP_SEED_CACHE_DIR: undefined, XDG_CACHE_HOME: join(dir, 'y') }, 'linux', join(dir, 'y', 'fp', 'seeds')],
      [{ FP_SEED_CACHE_DIR: undefined, XDG_CACHE_HOME: 'relative' }, 'linux', join(home, '.cache', 'fp', 'seeds')],
      [{ FP_SEED_CACHE_DIR: undefined, XDG_CACHE_HOME: undefined }, 'linux', join(home, '.cache', 'fp', 'seeds')],
      [
        { FP_SEED_CACHE_DIR: undefined, XDG_CACHE_HOME: undefined },
        'darwin',
        join(home, 'Library', 'Caches', 'fp', 'seeds'),
      ],
    ];
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
    for (const [i, [env, os, folder]] of cases.entries()) {
      vi.stubEnv('HOME', home);
      for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
      Object.defineProperty(process, 'platform', { ...platform, value: os });
      try {
        await placeSeed(join(dir, `placed-${i}.db`), seedFile);
        await seedCacheSettled();
      } finally {
        Object.defineProperty(process, 'platform', platform);
        vi.unstubAllEnvs();
      }
      expect(readdirSync(folder).sort(), folder).toEqual(compiledAndEntry());
      rmSync(folder, { recursive: true });
    }
  });

  it('a cache folder that cannot be written leaves the seed compiled straight into place', async () => {
    writeFileSync(cacheDir, 'a file where the folder would be');
    const placed = join(dir, 'data.db');
    expect(await place(placed, seedFile, { cacheDir, durable: true })).toBe(false);
    expect(existsSync(placed)).toBe(true);
    expect(contents(placed).portals).toHaveLength(fixtureSeed().portals.length);
  });
});
