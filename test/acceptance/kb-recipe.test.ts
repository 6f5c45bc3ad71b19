import { execFile, spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
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
import { parse } from 'yaml';
import { png } from '../support/images.js';

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
    'ci',
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
  tarball = join(work, readdirSync(work).find((f) => f.endsWith('.tgz'))!);
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

async function recipe(
  dir: string,
  extra: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const script = join(prefix, 'lib', 'node_modules', 'fp-cli', 'scripts', 'kb-sync-recipe.sh');
  return new Promise((resolveRun, reject) => {
    const child = spawn('sh', [script], {
      env: env({ KB_TAB: HELP_TAB, KB_DIR: dir, ...extra }),
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
    expect(files).toContain('package/ci/gitlab/kb-sync.gitlab-ci.yml');
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
      /^== preview\nNo changes\. The knowledge base matches the archive\.\nLeft alone: \.cursorrules, CLAUDE\.md \(AI instruction files, never articles\)\.\n== nothing to apply\n== link health\n[\s\S]*== done\n$/,
    );
    expect(second.stderr).toMatch(/^Local files since the last sync: 0 new, 0 changed, 0 removed, \d+ unchanged\.\n/);
    expect(second.stderr).toMatch(/\d+ articles, \d+ distinct links, 0 broken\.\n$/);
    if (process.env.FP_RECIPE_TRANSCRIPT)
      writeFileSync(process.env.FP_RECIPE_TRANSCRIPT, readFileSync(join(work, 'second-run.txt')));
  }, 180_000);
});

describe('the CI recipe with a folder holding images (D-KB-IMAGES)', () => {
  const LOGO = png(12, 34, 56);

  it('uploads the images and links them in; the second run says No changes; the counts are what the Action outputs', async () => {
    const dir = join(work, 'repo', 'help-with-images');
    await run(fpBin, ['kb', 'sync', 'export', '--tab', HELP_TAB, '--dir', dir], { env: env() });
    mkdirSync(join(dir, 'images'));
    writeFileSync(join(dir, 'images', 'logo.png'), LOGO);
    writeFileSync(
      join(dir, 'getting-started', 'screens.md'),
      '---\ntitle: Screens\n---\n![Logo](../images/logo.png)\n',
    );
    const summary = join(work, 'summary.env');

    const first = await recipe(dir, { KB_SUMMARY_FILE: summary });
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /^== preview\n[\s\S]*\+ image {2}images\/logo\.png {2}\(png, \d+ bytes\)\n[\s\S]*== execute\n/,
    );
    expect(first.stderr).toMatch(
      /Applied: 1 created, \d+ updated, 0 deleted, 0 skipped; images: 1 added, 0 changed, 0 removed\.\n/,
    );
    const counts = Object.fromEntries(
      readFileSync(summary, 'utf8')
        .trim()
        .split('\n')
        .map((line) => line.split('=')),
    );
    expect(counts).toMatchObject({ changes: 'true', applied: 'true', created: '1', deleted: '0', skipped: '0' });
    expect(counts).toMatchObject({ images_added: '1', images_changed: '0', images_removed: '0', broken_links: '0' });
    // Every count is an output of the Action, and every output of the Action is a count.
    const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { outputs: object };
    expect(Object.keys(counts)).toEqual(Object.keys(action.outputs));

    // The portal serves the image, and the article links to it there.
    const image = await fetch(`${baseUrl}/storage/kb/${HELP_TAB}/logo.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(LOGO)).toBe(true);
    const article = readFileSync(join(dir, 'getting-started', 'screens.md'), 'utf8');
    const key = /^---\nid: (\w{5})\n/.exec(article)![1];
    const post = await run(fpBin, ['posts', 'view', key, '--json'], { env: env() });
    expect(JSON.parse(post.stdout).description).toBe('![Logo](/storage/kb/4/logo.png)\n');

    writeFileSync(summary, '');
    const second = await recipe(dir, { KB_SUMMARY_FILE: summary });
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^== preview\nNo changes\. The knowledge base matches the archive\.\n/);
    expect(second.stdout).toMatch(/\n== nothing to apply\n/);
    expect(readFileSync(summary, 'utf8')).toMatch(/^changes=false\napplied=false\ncreated=0\n/);

    // An export into a fresh folder gives the image back, and the link relative again.
    const again = join(work, 'repo', 'exported-again');
    await run(fpBin, ['kb', 'sync', 'export', '--tab', HELP_TAB, '--dir', again], { env: env() });
    expect(readFileSync(join(again, 'images', 'logo.png')).equals(LOGO)).toBe(true);
    expect(readFileSync(join(again, 'getting-started', 'screens.md'), 'utf8')).toMatch(
      new RegExp(
        `^---\\nid: ${key}\\ntitle: Screens\\nsort_order: \\d+\\n---\\n!\\[Logo\\]\\(\\.\\./images/logo\\.png\\)\\n$`,
      ),
    );
  }, 180_000);

  it('KB_APPLY=false previews only and counts what the plan would do', async () => {
    const dir = join(work, 'repo', 'preview-only');
    await run(fpBin, ['kb', 'sync', 'export', '--tab', HELP_TAB, '--dir', dir], { env: env() });
    writeFileSync(join(dir, 'images', 'logo.png'), png(1, 2, 3));
    const summary = join(work, 'preview-only.env');
    const r = await recipe(dir, { KB_SUMMARY_FILE: summary, KB_APPLY: 'false', KB_LINK_GATE: 'off' });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /\n~ image {2}images\/logo\.png {2}\(png, \d+ bytes\)\n[\s\S]*== not applied \(KB_APPLY=false\)\n== done\n$/,
    );
    expect(readFileSync(summary, 'utf8')).toBe(
      'changes=true\napplied=false\ncreated=0\nupdated=0\ndeleted=0\nskipped=0\nimages_added=0\nimages_changed=1\nimages_removed=0\n',
    );
  }, 180_000);
});
