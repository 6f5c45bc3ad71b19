import {
  chmodSync,
  chownSync,
  copyFileSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../../src/server/start-server.js';
import { buildDataFile } from '../../../../src/server/store/seeding/build-data-file.js';
import { loadSeed } from '../../../../src/server/store/seeding/load-seed.js';
import { placeSeed, seedCacheSettled } from '../../../../src/server/store/seeding/seed-cache.js';
import { folderProblem, isTrusted } from '../../../../src/server/store/seeding/seed-cache-trust.js';
import { ADMIN_KEY, fixtureSeed } from '../../../support/fixture-seed.js';
import { compiledSeedName, recordPath } from './compiled-seed-name.js';

/**
 * D-SEED-CACHE-TRUST: the seed cache uses only what this user's fp put there. A key that
 * only a planted compiled seed has must answer 401: the seed never had it.
 */
const PLANTED_KEY = 'planted-key';
const IS_ROOT = process.getuid?.() === 0;
const NOBODY = 65534;

let dir: string;
let cacheDir: string;
let seedFile: string;
const sharedCacheDir = process.env.FP_SEED_CACHE_DIR;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fp-seed-trust-'));
  cacheDir = join(dir, 'cache');
  seedFile = join(dir, 'seed.json');
  writeFileSync(seedFile, JSON.stringify(fixtureSeed()));
  process.env.FP_SEED_CACHE_DIR = cacheDir;
});
afterEach(async () => {
  if (sharedCacheDir === undefined) delete process.env.FP_SEED_CACHE_DIR;
  else process.env.FP_SEED_CACHE_DIR = sharedCacheDir;
  await rm(dir, { recursive: true, force: true });
});

const cachedName = () => compiledSeedName(readFileSync(seedFile));
const cached = () => join(cacheDir, cachedName());

/** A compiled seed of another seed, one whose default portal also takes PLANTED_KEY, written at `path` (0600). */
function plant(path: string): void {
  const seed = fixtureSeed();
  seed.portals[0].api_keys!.push({ token: PLANTED_KEY });
  buildDataFile(path, loadSeed(seed));
  chmodSync(path, 0o600);
}

/** The status of GET /api/v1/portal with a key, at a server started on the seed file alone. */
async function statusWith(server: RunningServer, key: string): Promise<number> {
  const res = await fetch(`${server.url}/api/v1/portal`, { headers: { authorization: `Bearer ${key}` } });
  await res.arrayBuffer();
  return res.status;
}

async function started(): Promise<RunningServer> {
  const server = await startServer({ port: 0, seed: seedFile });
  await seedCacheSettled();
  return server;
}

describe('D-SEED-CACHE-TRUST a compiled seed is used only when this user made it', () => {
  it('a compiled database planted under the seed’s cache name is not loaded: a key the seed never had is 401', async () => {
    mkdirSync(cacheDir, { mode: 0o700 });
    plant(cached());
    const server = await started();
    try {
      expect(await statusWith(server, PLANTED_KEY)).toBe(401);
      expect(await statusWith(server, ADMIN_KEY)).toBe(200);
    } finally {
      await server.close();
    }
    // Compiled again, and recorded: the next start uses the cache.
    expect(isTrusted(cached())).toBe(true);
    expect(await placeSeed(join(dir, 'next.db'), seedFile, { cacheDir })).toBe(true);
  });

  it('the index entry fp writes: the compiled file’s name, device, inode and size, 0600', async () => {
    expect(await placeSeed(join(dir, 'a.db'), seedFile, { cacheDir })).toBe(false);
    await seedCacheSettled();
    const st = statSync(cached(), { bigint: true });
    expect(JSON.parse(readFileSync(recordPath(cached()), 'utf8'))).toEqual({
      name: cachedName(),
      dev: String(st.dev),
      ino: String(st.ino),
      size: String(st.size),
    });
    expect(statSync(recordPath(cached())).mode & 0o777).toBe(0o600);
    expect(statSync(cacheDir).mode & 0o777).toBe(0o700);
  });

  it('a file swapped in under the recorded name, a copy of it (a restored cache) or another seed’s file linked there is compiled again', async () => {
    await placeSeed(join(dir, 'a.db'), seedFile, { cacheDir });
    await seedCacheSettled();
    const swaps: Array<[string, () => void]> = [
      ['planted over it', () => plant(cached())],
      [
        'copied back (same bytes, another file)',
        () => {
          copyFileSync(cached(), join(dir, 'copy.db'));
          renameSync(join(dir, 'copy.db'), cached());
        },
      ],
      [
        "another seed's compiled file and entry linked under this name",
        () => {
          const other = join(cacheDir, `${'0'.repeat(64)}.db`);
          plant(other);
          writeFileSync(recordPath(other), JSON.stringify({ name: `${'0'.repeat(64)}.db`, ...identity(other) }), {
            mode: 0o600,
          });
          rmSync(cached());
          rmSync(recordPath(cached()));
          linkSync(other, cached());
          linkSync(recordPath(other), recordPath(cached()));
        },
      ],
      [
        'its entry naming another file',
        () => writeFileSync(recordPath(cached()), JSON.stringify({ name: 'x.db', ...identity(cached()) })),
      ],
    ];
    for (const [i, [what, swap]] of swaps.entries()) {
      swap();
      expect(isTrusted(cached()), what).toBe(false);
      expect(await placeSeed(join(dir, `swap-${i}.db`), seedFile, { cacheDir }), what).toBe(false);
      await seedCacheSettled();
      expect(isTrusted(cached()), `${what}: compiled again`).toBe(true);
    }
  });

  it('a compiled seed or entry that the group or others may write is not used', async () => {
    await placeSeed(join(dir, 'a.db'), seedFile, { cacheDir });
    await seedCacheSettled();
    expect(isTrusted(cached())).toBe(true);
    chmodSync(cached(), 0o620);
    expect(isTrusted(cached())).toBe(false);
    chmodSync(cached(), 0o600);
    chmodSync(recordPath(cached()), 0o602);
    expect(isTrusted(cached())).toBe(false);
    chmodSync(recordPath(cached()), 0o600);
    expect(isTrusted(cached())).toBe(true);
  });

  it.runIf(IS_ROOT)(
    'a compiled seed, an entry or a folder owned by another user is not used (run as root)',
    async () => {
      await placeSeed(join(dir, 'a.db'), seedFile, { cacheDir });
      await seedCacheSettled();
      chownSync(cached(), NOBODY, NOBODY);
      expect(isTrusted(cached())).toBe(false);
      chownSync(cached(), 0, 0);
      chownSync(recordPath(cached()), NOBODY, NOBODY);
      expect(isTrusted(cached())).toBe(false);
      chownSync(cacheDir, NOBODY, NOBODY);
      expect(folderProblem(cacheDir)).toBe(`it belongs to another user (uid ${NOBODY}, not 0)`);
    },
  );

  it('a 0777 folder is refused with a message saying why and what to do; nothing is written to it, the seed still loads', async () => {
    mkdirSync(cacheDir);
    chmodSync(cacheDir, 0o777);
    plant(cached());
    writeFileSync(recordPath(cached()), JSON.stringify({ name: cachedName(), ...identity(cached()) }), { mode: 0o600 });
    const before = readdirSync(cacheDir).sort();
    const server = await started();
    try {
      expect(server.notices).toEqual([
        `The seed cache folder ${cacheDir} is not used: the group or others may write it (mode 0777), so someone else could put a compiled seed there. ${seedFile} was compiled for this start alone. Make the folder your own and private (chmod 700), or set FP_SEED_CACHE_DIR to a folder only you can write.`,
      ]);
      expect(await statusWith(server, PLANTED_KEY)).toBe(401);
      expect(await statusWith(server, ADMIN_KEY)).toBe(200);
    } finally {
      await server.close();
    }
    expect(readdirSync(cacheDir).sort()).toEqual(before);
    expect(statSync(cacheDir).mode & 0o777).toBe(0o777);
  });

  it('with --data the refused folder is not written either, and the data file holds the seed', async () => {
    mkdirSync(cacheDir);
    chmodSync(cacheDir, 0o775);
    const server = await startServer({ port: 0, seed: seedFile, data: join(dir, 'data.db') });
    try {
      expect(server.notices[0]).toContain('is not used: the group or others may write it (mode 0775)');
      expect(await statusWith(server, ADMIN_KEY)).toBe(200);
    } finally {
      await server.close();
    }
    expect(readdirSync(cacheDir)).toEqual([]);
  });

  it('pruning after a compile removes a compiled seed with its entry, and an entry left without its seed once it is a minute old', async () => {
    mkdirSync(cacheDir, { mode: 0o700 });
    const now = Date.now();
    const names = Array.from({ length: 6 }, (_, i) => `${String(i).repeat(64)}.db`);
    names.forEach((name, i) => {
      writeFileSync(join(cacheDir, name), '');
      writeFileSync(recordPath(join(cacheDir, name)), '{}');
      const used = new Date(now - 3_600_000 * (i + 1));
      utimesSync(join(cacheDir, name), used, used);
    });
    const orphan = recordPath(join(cacheDir, `${'a'.repeat(64)}.db`));
    const fresh = recordPath(join(cacheDir, `${'b'.repeat(64)}.db`));
    writeFileSync(orphan, '{}');
    utimesSync(orphan, new Date(now - 120_000), new Date(now - 120_000));
    writeFileSync(fresh, '{}');
    writeFileSync(join(cacheDir, `${'c'.repeat(64)}.db.json.tmp-999999999`), '{}');
    // The seed compiled now is the one used last, and three of the others are kept with it.
    expect(await placeSeed(join(dir, 'a.db'), seedFile, { cacheDir })).toBe(false);
    await seedCacheSettled();
    const kept = [cachedName(), ...names.slice(0, 3)];
    expect(readdirSync(cacheDir).sort()).toEqual(
      [...kept, ...kept.map((n) => `${n}.json`), `${'b'.repeat(64)}.db.json`].sort(),
    );
  });
});

function identity(path: string): { dev: string; ino: string; size: string } {
  const st = statSync(path, { bigint: true });
  return { dev: String(st.dev), ino: String(st.ino), size: String(st.size) };
}
