import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runFp, startFpServer } from '../support/run-fp.js';

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

/**
 * Every folder and file under `root`, with its mode. Node's own compile cache (Node 22.1 and later)
 * is listed by its folder only: fp makes that folder 0700, so nothing Node writes inside it, with
 * Node's modes, can be reached by anyone else.
 */
function modes(root: string): Record<string, string> {
  const found: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      found[path.slice(root.length + 1)] = mode(path);
      if (entry.isDirectory() && entry.name !== 'compile-cache') walk(path);
    }
  };
  walk(root);
  return found;
}

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempHome(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fp-cache-home-'));
  temps.push(dir);
  return dir;
}

describe('D-CACHE-DIR-PRIVATE the cache folder and all fp makes in it are private', () => {
  it.skipIf(process.platform !== 'linux')('~/.cache/fp and its code cache: folders 0700, files 0600', async () => {
    const home = tempHome();
    const r = await runFp(['categories', '--help'], {
      env: { HOME: home },
    });
    expect(r.code, r.stderr).toBe(0);
    const found = modes(join(home, '.cache'));
    expect(found.fp).toBe('700');
    expect(found[join('fp', 'code-cache')]).toBe('700');
    const files = Object.entries(found).filter(([path]) => path.endsWith('.bin'));
    expect(files.length).toBeGreaterThan(0);
    for (const [path, m] of Object.entries(found))
      expect(m, path).toBe(statSync(join(home, '.cache', path)).isDirectory() ? '700' : '600');
    // ~/.cache itself was missing: fp made it as the XDG specification asks, 0700.
    expect(mode(join(home, '.cache'))).toBe('700');
  });

  it.skipIf(process.platform !== 'linux')(
    'an fp folder an older fp made 0755 is made private when it is written',
    async () => {
      const xdg = tempHome();
      mkdirSync(join(xdg, 'fp', 'code-cache'), { recursive: true, mode: 0o755 });
      const r = await runFp(['posts', '--help'], { env: { XDG_CACHE_HOME: xdg } });
      expect(r.code, r.stderr).toBe(0);
      expect(mode(join(xdg, 'fp'))).toBe('700');
      expect(mode(join(xdg, 'fp', 'code-cache'))).toBe('700');
    },
  );

  it.skipIf(process.platform !== 'linux')(
    'the seed cache of fp server --seed: folder 0700, compiled seeds 0600',
    async () => {
      const xdg = tempHome();
      // FP_SEED_CACHE_DIR empty: the cache goes where users have it, under $XDG_CACHE_HOME/fp.
      const server = await startFpServer(undefined, [], { XDG_CACHE_HOME: xdg, FP_SEED_CACHE_DIR: '' });
      await server.stop();
      const found = modes(xdg);
      expect(found.fp).toBe('700');
      expect(found[join('fp', 'seeds')]).toBe('700');
      const seeds = Object.keys(found).filter((path) => path.endsWith('.db'));
      expect(seeds).toHaveLength(1);
      for (const [path, m] of Object.entries(found))
        expect(m, path).toBe(statSync(join(xdg, path)).isDirectory() ? '700' : '600');
    },
  );
});
