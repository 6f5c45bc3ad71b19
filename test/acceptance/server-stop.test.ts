import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureSeed } from '../support/fixture-seed.js';
import { FP_BIN } from '../support/run-fp.js';

const work = mkdtempSync(join(tmpdir(), 'fp-server-stop-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('fp server stopped as soon as it prints its address', () => {
  it('stops whole on SIGTERM: exit 0, no scratch copy left, the compiled seed kept in the cache', async () => {
    const seed = join(work, 'seed.json');
    writeFileSync(seed, JSON.stringify(fixtureSeed()));
    const seeds = join(work, 'seeds');
    // A script that reads the address and stops the server at once; a few times, as the moment varies.
    for (let i = 0; i < 5; i++) {
      const child = spawn(process.execPath, [FP_BIN, 'server', '--port', '0', '--seed', seed], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, NO_COLOR: '1', TMPDIR: work, FP_SEED_CACHE_DIR: seeds },
      });
      child.stdout.on('data', (d: Buffer) => {
        if (String(d).includes('Listening on')) child.kill('SIGTERM');
      });
      const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
        child.on('exit', (c, s) => resolve([c, s])),
      );
      expect({ code, signal }).toEqual({ code: 0, signal: null });
      expect(readdirSync(work).filter((name) => /^fp-(scratch|reset)-/.test(name))).toEqual([]);
      expect(readdirSync(seeds).filter((name) => name.endsWith('.db'))).toHaveLength(1);
    }
  }, 60_000);
});
