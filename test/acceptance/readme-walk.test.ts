import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireTool } from '../support/required-tool.js';
import { FP_BIN } from '../support/run-fp.js';

const README = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');

/** The shell lines of the README's `sh` blocks between two headings, with their line numbers; `\` continues a line. */
function shellLines(from: string, to: string): Array<{ line: number; text: string }> {
  const all = README.split('\n');
  const start = all.indexOf(from);
  const end = all.indexOf(to, start);
  const found: Array<{ line: number; text: string }> = [];
  let inShell = false;
  for (let i = start; i < end; i++) {
    const text = all[i];
    if (text.startsWith('```')) {
      inShell = !inShell && text === '```sh';
      continue;
    }
    if (!inShell || text.trim() === '' || text.startsWith('#')) continue;
    const last = found[found.length - 1];
    if (last?.text.endsWith('\\')) last.text += `\n${text}`;
    else found.push({ line: i + 1, text });
  }
  return found;
}

/** Lines the walk does not run, and why. */
const NOT_WALKED: Array<[RegExp, string]> = [
  [/^fp server\b/, 'starts a server: the walk has its own'],
  [/^export FP_BASE_URL/, 'the walk sets these for its server'],
  [/^npm /, 'the guided tour and the test suite (test/acceptance/demo.test.ts runs the tour)'],
  [/^(printf .*\| )?fp auth (login|switch|logout)\b/, 'profiles of portals on the internet'],
  [/^fp moderation review\b/, 'asks at a terminal (test/acceptance/moderation-review.test.ts)'],
  [/^fp (webhooks listen|events tail --follow|mcp)\b/, 'runs until stopped'],
  [/^(source <\()?fp completion\b/, "writes into the shell's own folders"],
  [/^fp webhooks list \| deliveries/, 'a list of verbs, not a command line'],
  [/SCAN_ID|whsec_…/, 'stands for a value printed earlier'],
  [/ help\.zip /, 'a ZIP archive made by hand'],
  [/^claude /, 'another program'],
];

let server: ReturnType<typeof spawn>;
let printed: string[] = [];
let work: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'fp-readme-'));
  const bin = join(work, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'fp'), `#!/bin/sh\nexec "${process.execPath}" "${FP_BIN}" "$@"\n`);
  chmodSync(join(bin, 'fp'), 0o755);
  server = spawn(process.execPath, [FP_BIN, 'server', '--seed', 'demo', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  const lines = createInterface({ input: server.stdout! });
  printed = await new Promise<string[]>((done, fail) => {
    const seen: string[] = [];
    lines.on('line', (line) => {
      seen.push(line);
      if (line.startsWith('FP_BASE_URL=')) done(seen);
    });
    server.once('exit', (code) => fail(new Error(`fp server exited with ${code}`)));
  });
  const [, url, key] = /^FP_BASE_URL=(\S+) FP_API_KEY=(\S+)$/.exec(printed[printed.length - 1])!;
  const cwd = join(work, 'cwd');
  mkdirSync(cwd);
  // What the README's lines read: a support ticket, and a git repository with a commit message.
  writeFileSync(join(cwd, 'ticket-4711.txt'), 'Exporting 50,000 rows to CSV takes three minutes.\n');
  env = {
    PATH: `${bin}:${process.env.PATH}`,
    HOME: work,
    FP_CONFIG_DIR: join(work, 'config'),
    FP_SEED_CACHE_DIR: process.env.FP_SEED_CACHE_DIR,
    FP_BASE_URL: url,
    FP_API_KEY: key,
    NO_COLOR: '1',
    // As in a CI job: `--web` prints the page's address instead of starting a browser.
    CI: 'true',
    GIT_AUTHOR_NAME: 'Raj Patel',
    GIT_AUTHOR_EMAIL: 'raj.patel@acme.test',
    GIT_COMMITTER_NAME: 'Raj Patel',
    GIT_COMMITTER_EMAIL: 'raj.patel@acme.test',
  };
  spawnSync('git', ['init', '-q', '.'], { cwd, env });
  spawnSync('git', ['commit', '-q', '--allow-empty', '-m', 'Dark mode ships in 2.4'], { cwd, env });
});

afterAll(() => {
  server?.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

/** A README line run by the shell in the walk's folder, as a person would type it. */
function shell(text: string) {
  const r = spawnSync('sh', ['-c', `set -e\n${text}`], {
    cwd: join(work, 'cwd'),
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the README, walked against fp server --seed demo', () => {
  it('the quick start: the server prints what the README shows (but for the port)', () => {
    const port = new URL(env.FP_BASE_URL!).port;
    const shown = README.split('\n')
      .filter((l) => /^# (Listening on|Also listening on|FP_BASE_URL=)/.test(l))
      .slice(0, 3)
      .map((l) => l.slice(2).replace(':4010', `:${port}`));
    expect(printed).toEqual(shown);
  });

  it('every command line of the quick start, the commands, output and drift runs, in order, and exits 0', {
    timeout: 240_000,
  }, (ctx) => {
    // The README pipes into jq and reads a commit message with git.
    requireTool(ctx, 'jq');
    requireTool(ctx, 'git');
    const walked = [
      ...shellLines('## Quick start', '## Output'),
      ...shellLines('## Output', '### fp and the GitHub CLI'),
      ...shellLines(
        '## The portal beyond the seed: assumed operations and drift',
        '## Writing and testing a webhook receiver',
      ),
    ].filter(({ text }) => !NOT_WALKED.some(([skip]) => skip.test(text)));
    expect(walked.length).toBeGreaterThan(60);
    const failed: string[] = [];
    for (const { line, text } of walked) {
      const r = shell(text);
      if (r.code !== 0) failed.push(`README.md:${line} exit ${r.code}: ${text}\n${r.stderr.trim()}`);
    }
    expect(failed).toEqual([]);
  });
});
