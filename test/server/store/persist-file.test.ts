import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FilePersistence } from '../../../src/server/store/persist-file.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fp-persist-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('FilePersistence', () => {
  it('reading a data file that does not exist yet gives undefined', async () => {
    expect(await new FilePersistence(join(dir, 'missing.json')).read()).toBeUndefined();
  });

  it('a written snapshot reads back and the file parses as JSON', async () => {
    const file = join(dir, 'data.json');
    const p = new FilePersistence(file);
    await p.write(() => ({ portals: [{ title: 'A' }] }));
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ portals: [{ title: 'A' }] });
    expect(await p.read()).toEqual({ portals: [{ title: 'A' }] });
  });

  it('creates the data file\'s folder when missing', async () => {
    const file = join(dir, 'nested', 'deeper', 'data.json');
    await new FilePersistence(file).write(() => ({ ok: true }));
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ ok: true });
  });

  it('a data file that is not JSON is an error naming the file', async () => {
    const file = join(dir, 'broken.json');
    await writeFile(file, '{"portals": [');
    await expect(new FilePersistence(file).read()).rejects.toThrow(`${file}: not valid JSON`);
  });

  it('writes replace the file atomically: no temp files are left behind', async () => {
    const file = join(dir, 'data.json');
    const p = new FilePersistence(file);
    for (let i = 0; i < 5; i++) await p.write(() => ({ i }));
    expect(await readdir(dir)).toEqual(['data.json']);
  });

  it('concurrent writes end with the latest state on disk, each write resolving after its snapshot', async () => {
    const file = join(dir, 'data.json');
    const p = new FilePersistence(file);
    const state = { n: 0, pad: 'x'.repeat(100_000) };
    const writes: Promise<void>[] = [];
    const seenAfter: number[] = [];
    for (let i = 1; i <= 40; i++) {
      state.n = i;
      const expected = i;
      writes.push(
        p.write(() => state).then(async () => {
          const onDisk = JSON.parse(await readFile(file, 'utf8')) as { n: number };
          seenAfter.push(onDisk.n >= expected ? 1 : 0);
        }),
      );
    }
    await Promise.all(writes);
    expect(JSON.parse(await readFile(file, 'utf8')).n).toBe(40);
    expect(seenAfter).toEqual(Array(40).fill(1));
    expect(await readdir(dir)).toEqual(['data.json']);
  });

  it('while writes are in flight, every read of the file parses', async () => {
    const file = join(dir, 'data.json');
    const p = new FilePersistence(file);
    await p.write(() => ({ n: 0 }));
    let done = false;
    const writer = (async () => {
      for (let i = 1; i <= 30; i++) await p.write(() => ({ n: i, pad: 'y'.repeat(200_000 + i) }));
      done = true;
    })();
    let reads = 0;
    while (!done) {
      const text = await readFile(file, 'utf8');
      expect(() => JSON.parse(text)).not.toThrow();
      reads++;
    }
    await writer;
    expect(reads).toBeGreaterThan(0);
  });

  it('a failed write does not stop later writes', async () => {
    const file = join(dir, 'data.json');
    const p = new FilePersistence(file);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await expect(p.write(() => cyclic)).rejects.toThrow();
    await p.write(() => ({ after: true }));
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ after: true });
    expect(await readdir(dir)).toEqual(['data.json']);
  });
});
