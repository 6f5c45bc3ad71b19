import { execFile, spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The CI recipe of docs/ci.md, run as a pipeline runs it: fp installed from the
// packed tarball of a tree without dist/ (so `npm pack` must build it), against
// `fp server --seed demo`, twice.

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'fp-kb-recipe-'));
const prefix = join(work, 'prefix');
const fpBin = join(prefix, 'bin', 'fp');
const DEMO_KEY = 'acme-admin';
const HELP_TAB = '4';

let tarball = '';
let server: ChildProcess | undefined;
let baseUrl = '';

/** A copy of the project's sources as a clean clone has them: no dist/. */
function cleanTree(): string {
  const tree = join(work, 'tree');
  for (const entry of [
    'package.json',
    'package-lock.json',
    'tsconfig.json',
    'README.md',
    'bin',
    'src',
    'scripts',
    'completions',
    'docs',
    'seed',
  ]) {
    cpSync(join(ROOT, entry), join(tree, entry), { recursive: true });
  }
  symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'), 'dir');
  return tree;
}

function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: `${join(prefix, 'bin')}:${process.env.PATH}`,
    HOME: work,
    CI: 'true',
    NO_COLOR: '1',
    FP_CONFIG_DIR: join(work, 'config'),
    FP_BASE_URL: baseUrl,
    FP_API_KEY: DEMO_KEY,
    ...extra,
  };
}

beforeAll(async () => {
  const tree = cleanTree();
  await run('npm', ['pack', '--pack-destination', work], { cwd: tree });
  tarball = join(
    work,
    readdirSync(work).find((f) => f.endsWith('.tgz'))!,
  );
  // The registry is reachable in CI; packages already in the npm cache are not fetched again.
  await run(
    'npm',
    ['install', '--global', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', tarball],
    { cwd: work },
  );

  server = spawn(fpBin, ['server', '--port', '0', '--seed', 'demo'], {
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  baseUrl = await new Promise<string>((resolveUrl, reject) => {
    createInterface({ input: server!.stdout! }).on('line', (line) => {
      const m = /^Listening on (\S+)/.exec(line);
      if (m) resolveUrl(m[1]);
    });
    server!.on('exit', (code) => reject(new Error(`fp server exited with ${code}`)));
  });
}, 240_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(work, { recursive: true, force: true });
});

async function recipe(dir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const script = join(prefix, 'lib', 'node_modules', 'fp-cli', 'scripts', 'kb-sync-recipe.sh');
  return new Promise((resolveRun, reject) => {
    const child = spawn('sh', [script], {
      env: env({ KB_TAB: HELP_TAB, KB_DIR: dir }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolveRun({ code: code ?? -1, stdout, stderr }));
  });
}

describe('packaging', () => {
  it('npm pack of a tree without dist/ builds it and ships it, with bin/fp and the recipe', async () => {
    const { stdout } = await run('tar', ['-tzf', tarball]);
    const files = stdout.split('\n');
    expect(files).toContain('package/dist/cli.cjs');
    expect(files).toContain('package/bin/fp.js');
    expect(files).toContain('package/scripts/kb-sync-recipe.sh');
    expect(files).toContain('package/docs/ci.md');
    expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.prepack).toBe('npm run build');
  });

  it('the installed fp starts', async () => {
    const { stdout } = await run(fpBin, ['--version'], { env: env() });
    expect(stdout).toBe(`${JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version}\n`);
  });
});

describe('the CI recipe (scripts/kb-sync-recipe.sh) with the installed fp', () => {
  it('D-LINK-OWN-PORTAL a first run applies the folder; a second run reports no changes and exits 0, the link gate on', async () => {
    // The repository's folder: the help center as exported (its links are to the portal's own pages,
    // checked with no network: D-LINK-OWN-PORTAL), and one new article.
    const dir = join(work, 'repo', 'help-center');
    await run(fpBin, ['kb', 'sync', 'export', '--tab', HELP_TAB, '--dir', dir], { env: env() });
    writeFileSync(
      join(dir, 'getting-started', 'ci-sync.md'),
      'Keep the help center in git; CI syncs it on every push.\n',
    );

    const first = await recipe(dir);
    expect(first.stderr).not.toMatch(/error/);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /^== preview\n[\s\S]*\+ article {2}\(new\) {2}getting-started\/ci-sync\.md {2}"ci-sync"\n[\s\S]*== execute\n/,
    );
    expect(first.stdout).toMatch(
      /Applied: 1 created, \d+ updated, 0 deleted\.\n {2}\+ article {2}\w{5} {2}getting-started\/ci-sync\.md/,
    );
    expect(readFileSync(join(dir, 'getting-started', 'ci-sync.md'), 'utf8')).toMatch(
      /^---\nid: \w{5}\n---\nKeep the help center in git; CI syncs it on every push\.\n$/,
    );
    expect(existsSync(join(dir, '.fp-sync.json'))).toBe(true);

    const second = await recipe(dir);
    writeFileSync(
      join(work, 'second-run.txt'),
      `$ sh scripts/kb-sync-recipe.sh   # exit ${second.code}\n${second.stdout}--- stderr\n${second.stderr}`,
    );
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(
      /^== preview\nNo changes\. The knowledge base matches the archive\.\n== nothing to apply\n== link health\n[\s\S]*== done\n$/,
    );
    expect(second.stderr).toMatch(/^Local files since the last sync: 0 new, 0 changed, 0 removed, \d+ unchanged\.\n/);
    expect(second.stderr).toMatch(/\d+ articles, \d+ distinct links, 0 broken\.\n$/);
    if (process.env.FP_RECIPE_TRANSCRIPT)
      writeFileSync(process.env.FP_RECIPE_TRANSCRIPT, readFileSync(join(work, 'second-run.txt')));
  }, 180_000);
});
