#!/usr/bin/env node
// `npm run demo`: a guided tour of fp against the built-in demo portal.
// Starts `fp server --seed demo` on a free port, runs real fp commands (each
// printed before its output), and shuts the server down. Run `npm run build` first.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fpBin = join(root, 'bin', 'fp.js');
const work = mkdtempSync(join(tmpdir(), 'fp-demo-'));
const HELP_TAB = '4';
const tty = process.stdout.isTTY;
const bold = (s) => (tty && !process.env.NO_COLOR ? `\x1b[1m${s}\x1b[22m` : s);

function startServer() {
  const child = spawn(process.execPath, [fpBin, 'server', '--seed', 'demo', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let url;
    createInterface({ input: child.stdout }).on('line', (line) => {
      const listening = /^Listening on (\S+)/.exec(line);
      if (listening) url = listening[1];
      const env = /^FP_BASE_URL=(\S+) FP_API_KEY=(\S+)/.exec(line);
      if (env) resolve({ child, url: env[1] ?? url, key: env[2] });
    });
    child.on('exit', (code) => reject(new Error(`fp server exited with ${code}`)));
  });
}

function fp(env, args, { show = true, allowFail = false } = {}) {
  if (show) console.log(`\n${bold(`$ fp ${args.map((a) => (/\s/.test(a) ? `'${a}'` : a)).join(' ')}`)}`);
  // Shown steps write straight to the terminal, so progress and results keep their order.
  const r = spawnSync(process.execPath, [fpBin, ...args], {
    env,
    encoding: 'utf8',
    stdio: ['ignore', show ? 'inherit' : 'pipe', show ? 'inherit' : 'pipe'],
  });
  if (r.status !== 0 && !allowFail) throw new Error(`fp ${args.join(' ')} exited with ${r.status}`);
  return r;
}

/** The first article of an exported folder (CLAUDE.md is the export's AI instruction file, never an article). */
function firstMarkdownFile(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      const found = firstMarkdownFile(path);
      if (found) return found;
    } else if (name.endsWith('.md') && name !== '_index.md' && name !== 'CLAUDE.md') return path;
  }
  return undefined;
}

const server = await startServer();
let failed = false;
try {
  const env = { ...process.env, FP_BASE_URL: server.url, FP_API_KEY: server.key, FP_CONFIG_DIR: join(work, 'config') };
  console.log(`Demo portal at ${server.url} (key ${server.key}).`);

  fp(env, ['portal', 'get']);
  fp(env, ['categories', 'list']);
  fp(env, ['groups', 'list']);
  fp(env, ['groups', 'users', 'list', 'Beta testers']);
  fp(env, ['moderation', 'pending']);
  const pending = JSON.parse(fp(env, ['moderation', 'pending', '--json'], { show: false }).stdout);
  const post = pending.find((item) => item.type === 'post');
  if (post) fp(env, ['moderation', 'approve', 'post', post.id]);
  fp(env, ['posts', 'list', '--limit', '5', '--order-by', 'votes_count', '--order', 'desc']);

  const dir = join(work, 'help-center');
  fp(env, ['kb', 'sync', 'export', '--tab', HELP_TAB, '--dir', dir]);
  const article = firstMarkdownFile(dir);
  if (article) {
    appendFileSync(article, '\nUpdated during the fp demo.\n');
    console.log(`\n(edited ${relative(work, article)})`);
  }
  fp(env, ['kb', 'sync', 'preview', '--tab', HELP_TAB, dir]);
  fp(env, ['kb', 'link-health', 'scan', '--tab', HELP_TAB, '--wait']);
  console.log(`\n${bold('Done.')} Try it yourself: fp server --seed demo, then FP_BASE_URL=… FP_API_KEY=… fp --help`);
} catch (err) {
  failed = true;
  console.error(`demo failed: ${err.message}`);
} finally {
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await exited;
  rmSync(work, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
