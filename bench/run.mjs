#!/usr/bin/env node
// `npm run bench`: the speed and memory goals of fp, measured on the built
// bin/fp against a local fp server on 127.0.0.1. Prints one line per goal and
// exits 1 when a goal is missed. Run `npm run build` first.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fp = join(root, 'bin', 'fp.js');
const work = mkdtempSync(join(tmpdir(), 'fp-bench-'));
const results = [];

function goal(name, value, unit, limit) {
  const ok = value <= limit;
  results.push(ok);
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${value.toFixed(unit === 'MB' ? 1 : 0)} ${unit} (goal <= ${limit} ${unit})`);
}

function atLeast(name, value, limit) {
  const ok = value >= limit;
  results.push(ok);
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${value.toFixed(2)} (goal >= ${limit})`);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Wall time of a command, best of a median over runs. */
function timeRuns(args, runs = 15) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    const r = spawnSync(process.execPath, [fp, ...args], { env: { ...process.env, NO_COLOR: '1' } });
    if (r.status !== 0) throw new Error(`fp ${args.join(' ')} failed: ${r.stderr}`);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return median(times);
}

/** Peak RSS of a child via /usr/bin/time-free sampling of /proc. */
function peakRss(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fp, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let peak = 0;
    let lines = 0;
    let stderr = '';
    child.stdout.on('data', (d) => {
      for (const b of d) if (b === 10) lines++;
    });
    child.stderr.on('data', (d) => (stderr += d));
    const sample = setInterval(() => {
      const r = spawnSync('ps', ['-o', 'rss=', '-p', String(child.pid)]);
      const kb = Number(String(r.stdout).trim());
      if (kb > peak) peak = kb;
    }, 20);
    child.on('close', (code) => {
      clearInterval(sample);
      if (code !== 0) reject(new Error(`fp ${args.join(' ')} exited ${code}: ${stderr}`));
      else resolve({ peakMb: peak / 1024, lines });
    });
  });
}

function bigSeed(posts) {
  const user = '11111111-1111-4111-8111-111111111111';
  return {
    portals: [
      {
        hosts: ['127.0.0.1'],
        title: 'Bench',
        api_keys: [{ token: 'bench' }],
        users: [{ id: user, name: 'Bench User', email: 'b@bench.test', role: 'admin' }],
        tabs: [{ id: 1, slug: 'feedback', name: 'Feedback', type: 'board' }],
        posts: Array.from({ length: posts }, (_, i) => ({
          key: `p${i}`,
          title: `Post number ${i} with a reasonably long title`,
          description: 'Lorem ipsum dolor sit amet. '.repeat(20),
          author_id: user,
          tab_id: 1,
          created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
        })),
      },
    ],
  };
}

async function startServer(seedPath) {
  const child = spawn(process.execPath, [fp, 'server', '--port', '0', '--seed', seedPath], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (l) => {
      const m = /^Listening on (\S+)/.exec(l);
      if (m) resolve(m[1]);
    });
    child.on('exit', (c) => reject(new Error(`server exited ${c}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

try {
  goal('startup: fp --version (median of 15)', timeRuns(['--version']), 'ms', 250);
  goal('startup: fp --help (median of 15)', timeRuns(['--help']), 'ms', 300);

  const posts = 20_000;
  const seedPath = join(work, 'seed.json');
  writeFileSync(seedPath, JSON.stringify(bigSeed(posts)));
  const server = await startServer(seedPath);
  try {
    const env = { FP_BASE_URL: server.url, FP_API_KEY: 'bench', FP_CONFIG_DIR: work };
    const t = process.hrtime.bigint();
    const { peakMb, lines } = await peakRss(['posts', 'list', '--all', '--format', 'ndjson'], env);
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    if (lines !== posts) throw new Error(`posts list --all printed ${lines} posts, expected ${posts}`);
    goal(`memory: posts list --all of ${posts} posts, peak RSS of fp`, peakMb, 'MB', 150);
    goal(`speed: posts list --all of ${posts} posts`, ms, 'ms', 30_000);
  } finally {
    server.stop();
  }

  const upload = spawnSync(process.execPath, [join(root, 'bench', 'upload.bench.mjs')], {
    env: { ...process.env, BENCH_MB: process.env.BENCH_MB ?? '100' },
    encoding: 'utf8',
  });
  for (const line of upload.stdout.trim().split('\n').filter(Boolean)) {
    const r = JSON.parse(line);
    if (r.variant === 'undici.request+stream') {
      goal('memory: streamed 100 MB upload, peak RSS growth', r.peakRssMB - r.baselineRssMB, 'MB', 80);
    }
    console.log(`      upload ${r.variant}: ${JSON.stringify(r)}`);
  }

  // Knowledge-base sync of 2,000 articles (and of 200, to see memory not grow with the tab).
  const kb = spawnSync(process.execPath, [join(root, 'bench', 'kb-sync.bench.mjs')], { encoding: 'utf8', env: process.env });
  if (kb.status !== 0) throw new Error(`kb-sync bench failed: ${kb.stderr}`);
  const kbLines = kb.stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const large = Math.max(...kbLines.map((r) => r.articles ?? 0));
  const small = Math.min(...kbLines.filter((r) => r.articles).map((r) => r.articles));
  for (const r of kbLines) console.log(`      kb-sync: ${JSON.stringify(r)}`);
  for (const r of kbLines.filter((l) => l.articles === large)) {
    const smallRun = kbLines.find((l) => l.articles === small && l.step === r.step);
    goal(`memory: kb sync ${r.step} of ${large} articles, peak RSS of fp`, r.fpPeakRssMB, 'MB', 150);
    goal(`memory: kb sync ${r.step}, peak RSS growth from ${small} to ${large} articles`, r.fpPeakRssMB - smallRun.fpPeakRssMB, 'MB', 40);
  }

  // The store at portal scale: ratios against a small portal measured in the same run (appended to bench/results.md).
  const store = spawnSync(process.execPath, [join(root, 'bench', 'store.bench.mjs')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (store.status !== 0) throw new Error('bench/store.bench.mjs failed');
  for (const line of store.stdout.trim().split('\n').filter(Boolean)) {
    const r = JSON.parse(line);
    if ('ratio' in r) atLeast(`store: ${r.figure}`, r.ratio, Number(r.goal.replace('>= ', '')));
    else goal(`store: ${r.figure}`, r.value, r.figure.includes('MB') ? 'MB' : 'ms', Number(r.goal.replace('<= ', '')));
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exitCode = results.every(Boolean) ? 0 : 1;
