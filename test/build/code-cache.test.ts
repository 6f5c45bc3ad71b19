import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runFp, startFpServer } from '../support/run-fp.js';

const VERSION = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')).version;
const BUILD = /\/\/# fp-build=([0-9a-f]+)\s*$/.exec(
  readFileSync(resolve(import.meta.dirname, '../../dist/cli.cjs'), 'utf8'),
)?.[1];

let cacheHome: string;
const folder = () => join(cacheHome, 'fp', 'code-cache');
const cacheFile = (bucket = 'other') => join(folder(), `cli-${BUILD}-${process.version}-${process.arch}-${bucket}.bin`);
const version = (env: Record<string, string> = {}) =>
  runFp(['--version'], { env: { XDG_CACHE_HOME: cacheHome, ...env } });

beforeEach(() => {
  cacheHome = mkdtempSync(join(tmpdir(), 'fp-cache-'));
});
afterEach(() => rmSync(cacheHome, { recursive: true, force: true }));

describe.runIf(process.platform === 'linux')('the code cache of dist/cli.cjs', () => {
  it('names its build: the build ends the file with a hash of it', () => {
    expect(BUILD).toMatch(/^[0-9a-f]{32}$/);
  });

  it('is written by the first run, for this build and this Node, and read by the next', async () => {
    expect(await version()).toMatchObject({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
    expect(readdirSync(folder())).toEqual([`cli-${BUILD}-${process.version}-${process.arch}-other.bin`]);
    const written = readFileSync(cacheFile());
    expect(await version()).toMatchObject({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
    // accepted, so not written again
    expect(readFileSync(cacheFile()).equals(written)).toBe(true);
  });

  it('a damaged cache is refused by V8 and replaced; the command runs as ever', async () => {
    await version();
    writeFileSync(cacheFile(), 'not a code cache');
    expect(await version()).toMatchObject({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
    expect(readFileSync(cacheFile()).length).toBeGreaterThan(1000);
  });

  it('keeps one cache a first word of the command line: a command runs with one its own group wrote', async () => {
    expect(await runFp(['help', 'posts'], { env: { XDG_CACHE_HOME: cacheHome } })).toMatchObject({ code: 0 });
    expect(await runFp(['--no-color', 'votes', '--help'], { env: { XDG_CACHE_HOME: cacheHome } })).toMatchObject({
      code: 0,
    });
    // a command that failed writes none
    expect(await runFp(['nope'], { env: { XDG_CACHE_HOME: cacheHome } })).toMatchObject({ code: 2 });
    expect(readdirSync(folder()).sort()).toEqual(
      [cacheFile('help'), cacheFile('votes')].map((f) => f.slice(folder().length + 1)),
    );
  });

  it('a command that changes V8 flags as it runs writes no cache, as every later run would refuse it; one written without them serves it', async () => {
    const server = await startFpServer();
    try {
      const env = { XDG_CACHE_HOME: cacheHome };
      // `fp status` asks several things at once: the first call goes through node:http, the
      // others through undici, whose client sets --liftoff-only.
      for (let run = 0; run < 2; run++) {
        expect(await server.fp(['status'], { env })).toMatchObject({ code: 0 });
        expect(existsSync(cacheFile('status'))).toBe(false);
      }
      // A run of the same group that leaves the flags alone writes one; `fp status` reads it.
      expect(await server.fp(['status', '--help'], { env })).toMatchObject({ code: 0 });
      const written = statSync(cacheFile('status')).ino;
      expect(await server.fp(['status'], { env })).toMatchObject({ code: 0 });
      expect(statSync(cacheFile('status')).ino).toBe(written);
    } finally {
      await server.stop();
    }
  });

  it('keeps the caches of the three most recent other builds or Node versions', async () => {
    const { mkdirSync, utimesSync } = await import('node:fs');
    mkdirSync(folder(), { recursive: true });
    const old = ['a', 'a', 'b', 'c', 'd', 'e'].map((b, i) => {
      const file = join(folder(), `cli-${b}-${process.version}-${process.arch}-${i ? 'posts' : 'votes'}.bin`);
      writeFileSync(file, 'x');
      utimesSync(file, 1000 + i, 1000 + i);
      return file;
    });
    await version();
    expect(readdirSync(folder()).sort()).toEqual(
      [cacheFile(), ...old.slice(3)].map((f) => f.slice(folder().length + 1)).sort(),
    );
  });

  it('NODE_DISABLE_COMPILE_CACHE turns it off; a cache folder that cannot be made costs nothing but time', async () => {
    expect(await version({ NODE_DISABLE_COMPILE_CACHE: '1' })).toMatchObject({
      code: 0,
      stdout: `${VERSION}\n`,
      stderr: '',
    });
    expect(readdirSync(cacheHome)).toEqual([]);
    writeFileSync(join(cacheHome, 'fp'), 'a file where the folder would be');
    expect(await version()).toMatchObject({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
  });
});
