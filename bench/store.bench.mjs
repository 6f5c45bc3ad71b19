#!/usr/bin/env node
// Store benchmark: the reference server on a generated portal of 50,000 posts and
// 500,000 comments against one of 200 posts, measured in the same run with the
// same load tool (autocannon, keep-alive connections). Prints one JSON line per
// figure and appends a table to bench/results.md (or to BENCH_RESULTS_FILE).
//
//   node bench/store.bench.mjs
//   FP_BENCH_BIN=/path/to/other/bin/fp.js node bench/store.bench.mjs   # another build
//   BENCH_LARGE_POSTS=20000 BENCH_SECONDS=3 node bench/store.bench.mjs
//   FP_BENCH_BEFORE_BIN=/old/checkout/bin/fp.js node bench/store.bench.mjs   # its seed loads alternate with this build's
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { once } from 'node:events';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fp = process.env.FP_BENCH_BIN ?? join(root, 'bin', 'fp.js');
const LARGE = Number(process.env.BENCH_LARGE_POSTS ?? 50_000);
const SMALL = 200;
const COMMENTS_PER_POST = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Rounds of each measurement that compares two servers or two builds, alternating between them: medians. */
const ROUNDS = 3;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const TOKEN = 'bench';
const work = mkdtempSync(join(tmpdir(), 'fp-store-bench-'));
/** A seed cache of its own for each start that must compile its seed (D-SEED-CACHE). */
let caches = 0;
const coldCache = () => ({ FP_SEED_CACHE_DIR: join(work, `seed-cache-${++caches}`) });

const uuid = (n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A portal of `posts` posts with ten comments each, written as a seed file without one huge string. */
async function writeSeed(file, posts) {
  const out = createWriteStream(file);
  const write = async (text) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  const users = Array.from({ length: 500 }, (_, i) => ({
    id: uuid(i + 1),
    name: `User ${i + 1}`,
    email: `u${i + 1}@bench.test`,
    role: i === 0 ? 'admin' : 'member',
  }));
  const head = {
    hosts: ['127.0.0.1', 'localhost'],
    title: 'Bench',
    api_keys: [{ token: TOKEN }],
    users,
    tabs: [
      { id: 1, slug: 'feedback', name: 'Feedback', type: 'board' },
      { id: 2, slug: 'roadmap', name: 'Roadmap', type: 'roadmap' },
    ],
    statuses: [
      { id: 1, name: 'Planned', tab_id: 2 },
      { id: 2, name: 'Under review', tab_id: 1 },
    ],
    categories: Array.from({ length: 8 }, (_, i) => ({ id: i + 1, name: `Category ${i + 1}` })),
  };
  await write(`{"format":1,"portals":[${JSON.stringify(head).slice(0, -1)},"posts":[`);
  const start = Date.UTC(2024, 0, 1);
  for (let i = 0; i < posts; i++) {
    const post = {
      key: `p${i.toString(36)}`,
      title: `Post number ${i} with a reasonably long title`,
      description: 'Lorem ipsum dolor sit amet, **consectetur** adipiscing elit. '.repeat(6),
      author_id: uuid((i % 500) + 1),
      tab_id: (i % 2) + 1,
      status_id: (i % 2) + 1,
      category_ids: [(i % 8) + 1],
      votes_count: i % 97,
      views_count: i % 1009,
      created_at: new Date(start + i * 60_000).toISOString(),
    };
    await write(`${i ? ',' : ''}${JSON.stringify(post)}`);
  }
  await write('],"comments":[');
  let id = 0;
  for (let i = 0; i < posts; i++) {
    for (let c = 0; c < COMMENTS_PER_POST; c++) {
      id++;
      const comment = {
        id,
        post_key: `p${i.toString(36)}`,
        user_id: uuid(((i + c) % 500) + 1),
        comment: `Comment ${c} on post ${i}: I would use this every day.`,
        moderation_status: id % 50 === 0 ? 'pending' : 'approved',
        created_at: new Date(start + i * 60_000 + (c + 1) * 1000).toISOString(),
      };
      await write(`${id > 1 ? ',' : ''}${JSON.stringify(comment)}`);
    }
  }
  await write(']}]}');
  out.end();
  await once(out, 'finish');
}

/**
 * CPU time (user + system) a process has used so far, in ms, from /proc (Linux);
 * NaN elsewhere. On a shared machine it moves far less than wall time.
 */
function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const ticks = Number(String(spawnSync('getconf', ['CLK_TCK']).stdout).trim()) || 100;
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
  } catch {
    return NaN;
  }
}

/**
 * Starts `fp server`; resolves with its URL, how long it took to listen and the CPU time it used until then.
 * What earlier steps wrote (a generated seed, the data file of the last load) is flushed to disk first, so
 * the disk is not busy with it during the start that is timed.
 */
async function startServer(args, bin = fp, env = {}) {
  spawnSync('sync');
  const t = process.hrtime.bigint();
  const child = spawn(process.execPath, [bin, 'server', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const url = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (l) => {
      const m = /^Listening on (\S+)/.exec(l);
      if (m) resolve(m[1]);
    });
    child.on('exit', (c) => reject(new Error(`server exited ${c}: ${stderr}`)));
  });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  return {
    url,
    ms,
    cpuMs: cpuMsOf(child.pid),
    rssMb: () => Number(String(spawnSync('ps', ['-o', 'rss=', '-p', String(child.pid)]).stdout).trim()) / 1024,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** Requests per second over SECONDS with `clients` connections (autocannon), after a second of warm-up. */
async function throughput(url, clients, request) {
  // The server's start wrote its reset copy (as large as the data file): on disk first, not during the run.
  spawnSync('sync');
  let sent = 0;
  const run = (seconds) =>
    autocannon({
      url,
      connections: clients,
      pipelining: 1,
      duration: seconds,
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      requests: [{ setupRequest: (req) => ({ ...req, ...request(sent % clients, sent++) }) }],
    });
  await run(1); // warm-up
  const result = await run(SECONDS);
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed) throw new Error(`${failed} requests failed`);
  return result.requests.total / SECONDS;
}

const postsPage = () => ({ path: '/api/v1/posts?limit=100', method: 'GET' });
const commentCreate = (posts) => (worker, i) => ({
  path: `/api/v1/posts/p${((worker * 7919 + i * 104729) % posts).toString(36)}/comments`,
  method: 'POST',
  body: JSON.stringify({ user_id: uuid(1), comment: `Bench comment ${worker}-${i}`, silent: true }),
});

/** A bare node:http server answering `body` to every request, in its own process like fp server. */
async function bareServer(body) {
  const code = `const b=${JSON.stringify(body)};require('node:http').createServer((q,s)=>{s.writeHead(200,{'content-type':'application/json','content-length':Buffer.byteLength(b)});s.end(b)}).listen(0,'127.0.0.1',function(){console.log('Listening on http://127.0.0.1:'+this.address().port)})`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve) =>
    createInterface({ input: child.stdout }).on('line', (l) => resolve(/^Listening on (\S+)/.exec(l)[1])),
  );
  return { url, stop: () => child.kill('SIGTERM') };
}

/** Median wall and CPU time of some starts. */
const pick = (runs) => ({
  ms: median(runs.map((r) => r.ms)),
  cpuMs: median(runs.map((r) => r.cpuMs)),
  runs: runs.length,
});

/**
 * `fp server --seed FILE` alone: first starts, each compiling into an empty seed cache, alternating with
 * the before build's starts (medians), then a second start from the first one's cache.
 */
async function measureSeedStarts(seed) {
  const starts = { first: [], before: [] };
  const kept = coldCache();
  for (let round = 0; round < ROUNDS; round++) {
    for (const who of round % 2 ? ['before', 'fp'] : ['fp', 'before']) {
      if (who === 'before' && !before) continue;
      const env = who === 'fp' && round === 0 ? kept : coldCache();
      const s = await startServer(['--seed', seed], who === 'fp' ? fp : before, env);
      await s.stop();
      starts[who === 'fp' ? 'first' : 'before'].push(s);
    }
  }
  const second = await startServer(['--seed', seed], fp, kept);
  await second.stop();
  seedStarts.first = pick(starts.first);
  seedStarts.second = second;
  if (before) seedStarts.before = pick(starts.before);
}

/** GET /api/v1/categories from fp and from a bare node:http server answering the same body, in alternating rounds. */
async function compareWithBare(url) {
  const body = await (
    await fetch(`${url}/api/v1/categories`, { headers: { authorization: `Bearer ${TOKEN}` } })
  ).text();
  const bare = await bareServer(body);
  try {
    const catalog = () => ({ path: '/api/v1/categories', method: 'GET' });
    const rounds = { fp: [], bare: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const who of round % 2 ? ['bare', 'fp'] : ['fp', 'bare']) {
        rounds[who].push(await throughput(who === 'fp' ? url : bare.url, 8, catalog));
      }
    }
    return { fp: median(rounds.fp), bare: median(rounds.bare) };
  } finally {
    bare.stop();
  }
}

const report = [];
const emit = (figure) => {
  report.push(figure);
  console.log(JSON.stringify(figure));
};

const before = process.env.FP_BENCH_BEFORE_BIN;
/** Further seed loads of the large portal (and as many by the before build, when given). */
const SEED_ROUNDS = Number(process.env.BENCH_SEED_ROUNDS ?? 4);
let seedLoads;
const seedStarts = {};

try {
  const measured = {};
  const servers = {};
  for (const [name, posts] of [
    ['small', SMALL],
    ['large', LARGE],
  ]) {
    const seed = join(work, `${name}.json`);
    const data = join(work, `${name}.db`);
    await writeSeed(seed, posts);
    const seeding = await startServer(['--seed', seed, '--data', data], fp, coldCache());
    await seeding.stop();
    if (name === 'large') {
      // More loads of the same seed, alternating with the build FP_BENCH_BEFORE_BIN names: medians.
      const loads = { fp: [seeding], before: [] };
      for (let i = 0; i < SEED_ROUNDS; i++) {
        for (const who of i % 2 ? ['before', 'fp'] : ['fp', 'before']) {
          if (who === 'before' && !before) continue;
          const file = join(work, `again-${who}-${i}.db`);
          const s = await startServer(['--seed', seed, '--data', file], who === 'fp' ? fp : before, coldCache());
          await s.stop();
          rmSync(file, { force: true });
          loads[who].push(s);
        }
      }
      seedLoads = { fp: pick(loads.fp), ...(before ? { before: pick(loads.before) } : {}) };
      Object.assign(seeding, seedLoads.fp);
      await measureSeedStarts(seed);
    }
    measured[name] = { posts, seedLoadMs: seeding.ms, seedCpuMs: seeding.cpuMs };
    servers[name] = await startServer(['--data', data]);
  }
  try {
    // The two portals' servers are up side by side and measured in alternating rounds, medians of each:
    // this machine's speed drifts within a run, and one measurement of each would put the drift in the ratio.
    const rounds = { page: { small: [], large: [] }, create: { small: [], large: [] } };
    for (let round = 0; round < ROUNDS; round++) {
      for (const name of round % 2 ? ['large', 'small'] : ['small', 'large']) {
        rounds.page[name].push(await throughput(servers[name].url, 8, postsPage));
        rounds.create[name].push(await throughput(servers[name].url, 8, commentCreate(measured[name].posts)));
      }
    }
    for (const name of ['small', 'large']) {
      Object.assign(measured[name], {
        pageRps: median(rounds.page[name]),
        createRps: median(rounds.create[name]),
        rssMb: servers[name].rssMb(),
      });
    }
    measured.categories = await compareWithBare(servers.small.url);
  } finally {
    await Promise.all(Object.values(servers).map((s) => s.stop()));
  }
  const { small, large, categories } = measured;
  emit({
    figure: 'posts page of 100, large/small',
    small: small.pageRps,
    large: large.pageRps,
    ratio: large.pageRps / small.pageRps,
    goal: '>= 0.8',
  });
  emit({
    figure: 'durable comment create (8 clients), large/small',
    small: small.createRps,
    large: large.createRps,
    ratio: large.createRps / small.createRps,
    goal: '>= 0.8',
  });
  emit({
    figure: 'seed load of the large portal (ms)',
    value: large.seedLoadMs,
    cpuMs: large.seedCpuMs,
    runs: seedLoads.fp.runs,
    goal: '<= 8000',
  });
  for (const [round, goal] of [
    ['first', '<= 8000'],
    ['second', '<= 1500'],
    ['before', ''],
  ]) {
    if (!seedStarts[round]) continue;
    emit({
      figure: `fp server --seed FILE of the large portal, ${round === 'before' ? 'by the before build' : `${round} start`} (ms)`,
      value: seedStarts[round].ms,
      cpuMs: seedStarts[round].cpuMs,
      goal,
    });
  }
  if (seedLoads.before)
    emit({
      figure: 'seed load of the large portal by the before build (ms)',
      value: seedLoads.before.ms,
      cpuMs: seedLoads.before.cpuMs,
      runs: seedLoads.before.runs,
    });
  emit({ figure: 'server RSS with the large portal (MB)', value: large.rssMb, goal: '<= 250' });
  emit({
    figure: 'GET /api/v1/categories, fp/bare node:http',
    fp: categories.fp,
    bare: categories.bare,
    ratio: categories.fp / categories.bare,
    goal: '>= 0.7',
  });

  const f = (n, d = 1) => n.toFixed(d);
  appendFileSync(
    process.env.BENCH_RESULTS_FILE ?? join(root, 'bench', 'results.md'),
    [
      '',
      `## store.bench.mjs, ${new Date().toISOString().slice(0, 16)}Z, Node ${process.version}, ${LARGE.toLocaleString('en')} posts / ${(LARGE * COMMENTS_PER_POST).toLocaleString('en')} comments vs ${SMALL}`,
      process.env.FP_BENCH_LABEL ? `\n${process.env.FP_BENCH_LABEL}\n` : '',
      '| figure | small | large | ratio / value | goal |',
      '|---|---|---|---|---|',
      `| posts page of 100 (req/s, medians of ${ROUNDS} alternating rounds) | ${f(small.pageRps)} | ${f(large.pageRps)} | ${f(large.pageRps / small.pageRps, 2)} | >= 0.8 |`,
      `| durable comment create, 8 clients (req/s, medians of ${ROUNDS} alternating rounds) | ${f(small.createRps)} | ${f(large.createRps)} | ${f(large.createRps / small.createRps, 2)} | >= 0.8 |`,
      `| seed load (ms, start to listening) | ${f(small.seedLoadMs, 0)} | ${f(large.seedLoadMs, 0)} | ${f(large.seedLoadMs, 0)} ms | <= 8000 |`,
      `| seed load, CPU time of the server until listening (ms) | ${f(small.seedCpuMs, 0)} | ${f(large.seedCpuMs, 0)} | ${f(large.seedCpuMs, 0)} ms | |`,
      ...(seedLoads.before
        ? [
            `| seed load by the before build (ms; CPU ms) | | ${f(seedLoads.before.ms, 0)}; ${f(seedLoads.before.cpuMs, 0)} | ${f(large.seedLoadMs / seedLoads.before.ms, 2)} of it | |`,
          ]
        : []),
      ...Object.entries(seedStarts).map(
        ([round, s]) =>
          `| --seed FILE alone, ${round === 'before' ? 'before build' : `${round} start`}${s.runs ? ` (medians of ${s.runs})` : ''} (ms; CPU ms) | | ${f(s.ms, 0)}; ${f(s.cpuMs, 0)} | | ${{ first: '<= 8000', second: '<= 1500' }[round] ?? ''} |`,
      ),
      `| server RSS after the runs (MB) | ${f(small.rssMb)} | ${f(large.rssMb)} | ${f(large.rssMb)} MB | <= 250 |`,
      `| GET /api/v1/categories (req/s, medians of ${ROUNDS} alternating rounds): fp / bare node:http | ${f(categories.fp)} | ${f(categories.bare)} | ${f(categories.fp / categories.bare, 2)} | >= 0.7 |`,
      '',
    ].join('\n'),
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
