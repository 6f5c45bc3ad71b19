import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// The README's install routes, from a clean clone of this repository. The packed tarball
// is installed and used by test/acceptance/kb-recipe.test.ts; this file covers the git URL.

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const VERSION = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
const work = mkdtempSync(join(tmpdir(), 'fp-install-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The environment of a user's shell: none of the npm_* variables `npm test` sets for its scripts. */
function userEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
}

describe('installing fp', () => {
  it('D-INSTALL-ROUTES a project installs fp from a git URL: npm builds dist/ on install, and fp runs', async () => {
    const clone = join(work, 'fp');
    await run('git', ['clone', '--quiet', '--no-local', ROOT, clone]);
    const project = join(work, 'project');
    await run('mkdir', ['-p', project]);
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'uses-fp', version: '1.0.0', private: true, allowScripts: { 'fp-cli': true } }),
    );
    // The registry is reachable in CI; packages already in the npm cache are not fetched again.
    await run('npm', ['install', '--save-dev', '--prefer-offline', '--no-audit', '--no-fund', `git+file://${clone}`], {
      cwd: project,
      env: userEnv(),
      maxBuffer: 64 * 1024 * 1024,
    });
    const { stdout } = await run(join(project, 'node_modules', '.bin', 'fp'), ['--version'], { env: userEnv() });
    expect(stdout).toBe(`${VERSION}\n`);
  }, 600_000);

  it('D-INSTALL-ROUTES npm install in a clone builds dist/ (prepare), and npm pack builds it too (prepack)', () => {
    const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts;
    expect(scripts.prepare).toBe('node scripts/prepare.mjs');
    expect(scripts.prepack).toBe('npm run build');
  });

  it('D-INSTALL-ROUTES npm pack in a clone where npm ci has not run says, in one line, to run it first', async () => {
    const clone = join(work, 'bare');
    await run('git', ['clone', '--quiet', '--no-local', ROOT, clone]);
    const failed = await run('npm', ['pack', '--silent'], { cwd: clone, env: userEnv() }).catch(
      (err: { code: number; stderr: string }) => err,
    );
    expect('code' in failed && failed.code).not.toBe(0);
    const ours = failed.stderr
      .split('\n')
      .filter((l) => !/^npm (error|ERR!)/.test(l) && l.trim() && !l.startsWith('>'));
    expect(ours).toEqual(['error: building fp needs its dev dependencies (esbuild): run `npm ci` first']);
    expect(failed.stderr).not.toMatch(/^\s+at /m);
  }, 120_000);

  it("D-ALLOW-SCRIPTS allowScripts decides every install script of the lockfile: esbuild's runs, none other", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
    const withScripts = Object.entries(lock.packages as Record<string, { hasInstallScript?: boolean }>)
      .filter(([path, info]) => path && info.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(Object.keys(pkg.allowScripts).sort()).toEqual([...new Set(withScripts)].sort());
    expect(Object.entries(pkg.allowScripts).filter(([, allowed]) => allowed === true)).toEqual([['esbuild', true]]);
  });

  it('D-INSTALL-NO-TELEMETRY Scarf, which a dev dependency pulls in, is turned off by the project itself', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.scarfSettings).toEqual({ enabled: false });
  });
});
