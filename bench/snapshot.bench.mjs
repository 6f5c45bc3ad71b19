#!/usr/bin/env node
// Snapshot benchmark: `fp portal snapshot` of a large reference portal
// (bench/snapshot-seed.mjs, 20,000 posts by default) served by `fp server` on
// 127.0.0.1, unpaced. Reports requests made, wall time, the time the same
// requests take at the hosted pace (120 per 60 s), and the peak RSS of the
// snapshot process against a reference measured in the same run: `fp posts
// list --all --format ndjson` over the same server (a streamed read of every
// post). Then loads the snapshot into a second server and checks its post total.
//
//   npm run build && node bench/snapshot.bench.mjs
//   POSTS=2000 node bench/snapshot.bench.mjs
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fp = join(root, 'bin', 'fp.js');
const work = mkdtempSync(join(tmpdir(), 'fp-snapshot-bench-'));
const HOSTED = { count: 120, windowMs: 60_000 };

function startServer(seedPath) {
  const child = spawn(process.execPath, [fp, 'server', '--port', '0', '--seed', seedPath], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const m = /^Listening on (\S+)/.exec(line);
      if (m) resolve({ url: m[1], stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))) });
    });
    child.on('exit', (code) => reject(new Error(`fp server exited ${code}: ${stderr}`)));
  });
}

/** Wall time and peak RSS (sampled from /proc every 20 ms) of one fp run. */
function measure(args, env) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, [fp, ...args], {
      env: { ...process.env, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let peak = 0;
    let stderr = '';
    child.stdout.resume();
    child.stderr.on('data', (d) => (stderr += d));
    const sample = setInterval(() => {
      const r = spawnSync('ps', ['-o', 'rss=', '-p', String(child.pid)]);
      const kb = Number(String(r.stdout).trim());
      if (kb > peak) peak = kb;
    }, 20);
    child.on('close', (code) => {
      clearInterval(sample);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (code !== 0) reject(new Error(`fp ${args.join(' ')} exited ${code}: ${stderr}`));
      else resolve({ ms, peakMb: peak / 1024, stderr });
    });
  });
}

const fmt = (ms) => (ms < 120_000 ? `${(ms / 1000).toFixed(1)} s` : `${(ms / 60_000).toFixed(1)} min`);

try {
  const seedPath = join(work, 'seed.json');
  const gen = spawnSync(process.execPath, [join(root, 'bench', 'snapshot-seed.mjs')], {
    env: process.env,
    maxBuffer: 1 << 30,
  });
  if (gen.status !== 0) throw new Error(String(gen.stderr));
  writeFileSync(seedPath, gen.stdout);
  const seed = JSON.parse(gen.stdout);
  const posts = seed.portals[0].posts.length;

  const server = await startServer(seedPath);
  const env = { FP_BASE_URL: server.url, FP_API_KEY: 'bench-readonly' };
  try {
    const out = join(work, 'snapshot.json');
    const snap = await measure(['portal', 'snapshot', '--rate', 'off', '--kb-tab', '4', '--output', out], env);
    const header = JSON.parse(readFileSync(out, 'utf8')).snapshot;
    const projectedMs = Math.max(
      snap.ms,
      Math.max(0, header.requests - HOSTED.count) * (HOSTED.windowMs / HOSTED.count),
    );
    console.error(
      `snapshot: ${header.requests} requests, ${fmt(snap.ms)}, peak RSS ${snap.peakMb.toFixed(1)} MB; measuring the reference…`,
    );
    const reference = await measure(['posts', 'list', '--all', '--format', 'ndjson'], env);
    const copy = await startServer(out);
    let copied;
    try {
      const res = await fetch(`${copy.url}/api/v1/posts?limit=1`, {
        headers: { authorization: `Bearer ${/fp_snap_\S+/.exec(snap.stderr)[0]}` },
      });
      copied = (await res.json()).total;
    } finally {
      await copy.stop();
    }
    const source = await (
      await fetch(`${server.url}/api/v1/posts?limit=1`, { headers: { authorization: 'Bearer bench-readonly' } })
    ).json();
    console.log(
      JSON.stringify({
        posts,
        comments: header.counts.comments,
        requests: header.requests,
        unpaced: fmt(snap.ms),
        projected_at_120_per_60s: fmt(projectedMs),
        snapshot_peak_rss_mb: Number(snap.peakMb.toFixed(1)),
        reference_posts_list_all_peak_rss_mb: Number(reference.peakMb.toFixed(1)),
        rss_ratio: Number((snap.peakMb / reference.peakMb).toFixed(2)),
        seed_mb: Number((statSync(seedPath).size / 1048576).toFixed(1)),
        snapshot_mb: Number((statSync(out).size / 1048576).toFixed(1)),
        listed_posts_source: source.total,
        listed_posts_copy: copied,
      }),
    );
    if (copied !== source.total) process.exitCode = 1;
  } finally {
    await server.stop();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
