#!/usr/bin/env node
// Webhook benchmark, on `fp server --data`, with receivers in a process of their own (as a
// receiver is). Every figure is measured in the same run as its reference, in alternating
// rounds, medians, with the load average of the machine printed beside it.
//
// 1. Writes: comment creates per second (8 keep-alive clients, autocannon) with 10 endpoints
//    (5 answer 200 at once, 5 take the request and never answer) against none; the main
//    thread's CPU time per write beside it (load and regression told apart), the server's RSS,
//    and the most connections a dead endpoint held at once (one delivery under way each).
// 2. Lag: 200 comment creates a second for BENCH_SUSTAINED_SECONDS (30) with the 5 answering
//    endpoints: deliveries arrived, p95 lag from the write's answer (it is committed then) to
//    the receiver, and the last arrival after the last write.
// 3. 100 endpoints on one portal (written into the data file: the API allows 10): write ratio
//    against none, and the lag at BENCH_WIDE_RATE (20) writes a second.
//
// FP_BENCH_BEFORE_BIN=<other build's bin/fp.js> runs it too, alternating, for rows 1 and 2.
// Prints JSON lines and appends tables to bench/results.md (or BENCH_RESULTS_FILE).
//
//   npm run build && node bench/webhooks.bench.mjs
//   BENCH_SECONDS=3 BENCH_ROUNDS=1 BENCH_SUSTAINED_SECONDS=5 node bench/webhooks.bench.mjs
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const builds = [{ name: 'fp', bin: process.env.FP_BENCH_BIN ?? join(root, 'bin', 'fp.js') }];
if (process.env.FP_BENCH_BEFORE_BIN) builds.push({ name: 'before', bin: process.env.FP_BENCH_BEFORE_BIN });
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Which parts run: `writes`, `lag`, `wide` (all by default). */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'writes,lag,wide').split(','));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SUSTAINED_SECONDS = Number(process.env.BENCH_SUSTAINED_SECONDS ?? 30);
const SUSTAINED_RATE = 200;
const WIDE_RATE = Number(process.env.BENCH_WIDE_RATE ?? 20);
const WIDE_SECONDS = 10;
/** How long deliveries may take to arrive after the last write before they count as missing. */
const DRAIN_MS = 60_000;
const CLIENTS = 8;
const TOKEN = 'bench';
const USER = '00000000-0000-4000-8000-000000000001';
const work = mkdtempSync(join(tmpdir(), 'fp-webhooks-bench-'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const load = () => Number(loadavg()[0].toFixed(2));
const round1 = (x) => Math.round(x * 10) / 10;
const round3 = (x) => Math.round(x * 1000) / 1000;

/** A small portal that does not moderate comments, so each new comment emits comment.created. */
function writeSeed(file) {
  const posts = Array.from({ length: 50 }, (_, i) => ({
    key: `p${i}`,
    title: `Post ${i}`,
    description: 'A post to comment on.',
    author_id: USER,
    tab_id: 1,
  }));
  const portal = {
    hosts: ['127.0.0.1', 'localhost'],
    title: 'Bench',
    moderate_comments: false,
    api_keys: [{ token: TOKEN }],
    users: [{ id: USER, name: 'Admin', email: 'admin@bench.test', role: 'admin' }],
    tabs: [{ id: 1, slug: 'feedback', name: 'Feedback', type: 'board' }],
    posts,
  };
  writeFileSync(file, JSON.stringify({ format: 1, portals: [portal] }));
}

/** Starts a process that prints `Listening on URL` lines; resolves with them once it has printed `count`. */
async function startProcess(argv, count) {
  const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const urls = await new Promise((resolve, reject) => {
    const found = [];
    createInterface({ input: child.stdout }).on('line', (l) => {
      const m = /^Listening on (\S+)/.exec(l);
      if (m) found.push(m[1]);
      if (found.length === count) resolve(found);
    });
    child.on('exit', (c) => reject(new Error(`${argv.join(' ')} exited ${c}`)));
  });
  return {
    pid: child.pid,
    urls,
    /** Asks the process over IPC (the receivers answer what they have had). */
    ask: (question) => new Promise((resolve) => (child.once('message', resolve), child.send(question))),
    stop: () => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))),
  };
}

/** CPU time (user + system, ms) of a process, or of one of its threads (`/task/<tid>`), from /proc (Linux). */
function cpuMs(pid, tid) {
  try {
    const path = tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`;
    const fields = readFileSync(path, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/** Resident memory of a process in MB: now, and its peak. */
function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1]);
    return { rss: round1(kb('VmRSS') / 1024), peak: round1(kb('VmHWM') / 1024) };
  } catch {
    return { rss: NaN, peak: NaN };
  }
}

/**
 * Receivers: `live` that answer 200 at once and `dead` that take the request and never
 * answer, one port each, and one port whose every path answers at once (`/wide/<n>`). Each
 * arrival is kept as [receiver, comment id, time]; the most connections a receiver held at
 * once are counted.
 */
const RECEIVERS = `
const http = require('node:http');
let arrivals = [];
const open = new Map(), most = new Map();
process.on('message', (q) => {
  if (q === 'count') return process.send(arrivals.length);
  process.send({ arrivals, most: Object.fromEntries(most) });
  arrivals = [];
  most.clear();
});
process.channel.unref();
const kinds = ['live', 'live', 'live', 'live', 'live', 'dead', 'dead', 'dead', 'dead', 'dead', 'wide'];
kinds.forEach((kind, i) => {
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      if (kind === 'dead') return;
      const at = Date.now();
      const body = Buffer.concat(chunks).toString();
      const id = Number(/"comment":\\{"id":(\\d+)/.exec(body)?.[1] ?? JSON.parse(body).data.comment.id);
      arrivals.push([kind === 'wide' ? req.url : i, id, at]);
      res.end('ok');
    });
  });
  server.on('connection', (socket) => {
    open.set(i, (open.get(i) ?? 0) + 1);
    most.set(i, Math.max(most.get(i) ?? 0, open.get(i)));
    socket.on('close', () => open.set(i, open.get(i) - 1));
  });
  server.listen(0, '127.0.0.1', function () {
    console.log('Listening on http://127.0.0.1:' + this.address().port + '/' + kind);
  });
});`;

async function request(url, method, path, body) {
  const res = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

let sent = 0;
/** Comment creates over `duration` s: as fast as 8 clients go, or at `rate` a second; `answered(id)` per reply. */
function comments(url, duration, { rate, answered } = {}) {
  return autocannon({
    url,
    connections: CLIENTS,
    duration,
    ...(rate && { overallRate: rate }),
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          method: 'POST',
          path: `/api/v1/posts/p${sent % 50}/comments`,
          body: JSON.stringify({ user_id: USER, comment: `Bench comment ${sent++}` }),
        }),
        ...(answered && { onResponse: (status, body) => status < 300 && answered(JSON.parse(body).data.id) }),
      },
    ],
  });
}

/** A server on a fresh data file (or the one given), with endpoints registered at these URLs. */
async function startServer(bin, n, endpoints = [], data = join(work, `run-${n}.db`)) {
  spawnSync('sync');
  const server = await startProcess([bin, 'server', '--port', '0', '--seed', seed, '--data', data], 1);
  const url = server.urls[0];
  for (const endpoint of endpoints) await request(url, 'POST', '/__reference/webhooks', { url: endpoint });
  return {
    ...server,
    url,
    /** Stops the server; its data file is removed unless kept. */
    async stop({ keep = false } = {}) {
      await server.stop();
      if (!keep) for (const suffix of ['', '-wal', '-shm']) rmSync(data + suffix, { force: true });
    },
  };
}

/** Writes per second as fast as they go, and what they cost the server's main thread and whole process. */
async function throughput(bin, n, endpoints, data) {
  const server = await startServer(bin, n, data ? [] : endpoints, data);
  try {
    await comments(server.url, 1);
    await receivers.ask('take');
    const before = [cpuMs(server.pid, server.pid), cpuMs(server.pid)];
    const loadAt = load();
    const result = await comments(server.url, SECONDS);
    const cpu = [cpuMs(server.pid, server.pid) - before[0], cpuMs(server.pid) - before[1]];
    const { arrivals, most } = await receivers.ask('take');
    const failed = result.non2xx + result.errors + result.timeouts;
    if (failed) throw new Error(`${failed} requests failed`);
    const writes = result.requests.total;
    const deadSockets = Math.max(0, ...Object.entries(most).flatMap(([i, k]) => (i >= 5 && i < 10 ? [k] : [])));
    return {
      rps: writes / SECONDS,
      main_cpu_ms_per_write: cpu[0] / writes,
      process_cpu_ms_per_write: cpu[1] / writes,
      delivered_per_write: arrivals.length / writes,
      dead_endpoint_max_sockets: endpoints.length ? deadSockets : null,
      ...rssMb(server.pid),
      load: loadAt,
    };
  } finally {
    await server.stop();
  }
}

/**
 * Arrivals of deliveries of the answered writes, taken until each of them has arrived at every
 * endpoint, or DRAIN_MS passed after the last write.
 */
async function drain(answeredAt, endpoints) {
  const until = Date.now() + DRAIN_MS;
  const arrivals = [];
  const owed = new Map([...answeredAt.keys()].map((id) => [id, endpoints]));
  let left = answeredAt.size * endpoints;
  for (;;) {
    for (const arrival of (await receivers.ask('take')).arrivals) {
      const still = owed.get(arrival[1]);
      if (still === undefined) continue;
      arrivals.push(arrival);
      owed.set(arrival[1], still - 1);
      left--;
    }
    if (left <= 0 || Date.now() > until) return arrivals;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Writes at `rate` a second for `seconds`: deliveries arrived, their lag from the write's answer, the last one's. */
async function lag(server, rate, seconds, endpoints) {
  await receivers.ask('take');
  const answeredAt = new Map();
  const loadAt = load();
  const result = await comments(server.url, seconds, { rate, answered: (id) => answeredAt.set(id, Date.now()) });
  const lastWrite = Math.max(...answeredAt.values());
  const arrivals = await drain(answeredAt, endpoints);
  const lags = arrivals.map(([, id, at]) => at - answeredAt.get(id));
  return {
    writes: answeredAt.size,
    writes_per_s: round1(answeredAt.size / seconds),
    failed: result.non2xx + result.errors + result.timeouts,
    expected: answeredAt.size * endpoints,
    arrived: lags.length,
    p50_lag_ms: Math.round(percentile(lags, 0.5)),
    p95_lag_ms: Math.round(percentile(lags, 0.95)),
    max_lag_ms: Math.round(Math.max(...lags)),
    last_after_last_write_ms: Math.round(Math.max(...arrivals.map(([, , at]) => at)) - lastWrite),
    load: loadAt,
  };
}

/** Endpoint rows copied into a stopped server's data file up to `count` (the API stops at 10 a portal). */
function widen(data, count, url) {
  const Database = require('libsql');
  const db = new Database(data);
  const have = db.prepare('SELECT count(*) AS n FROM webhook_endpoints').get([]).n;
  const add = db.prepare(
    `INSERT INTO webhook_endpoints (portal_id, url, events, secret, enabled, consecutive_failures, disabled_reason, created_at)
     SELECT portal_id, ?, events, secret, 1, 0, NULL, created_at FROM webhook_endpoints LIMIT 1`,
  );
  for (let i = have; i < count; i++) add.run([`${url}/${i}`]);
  db.close();
}

/** 100 endpoints on one portal: ten registered, ninety more written into the stopped server's file. */
async function measureWide() {
  const template = join(work, 'wide.db');
  const prepared = await startServer(builds[0].bin, n++, [], template);
  for (let i = 0; i < 10; i++) await request(prepared.url, 'POST', '/__reference/webhooks', { url: `${wideUrl}/${i}` });
  await prepared.stop({ keep: true });
  widen(template, 100, wideUrl);
  const copy = () => {
    const file = join(work, `wide-${n++}.db`);
    copyFileSync(template, file);
    return file;
  };
  const wideEndpoints = Array(100).fill(wideUrl);
  for (let round = 0; round < ROUNDS; round++) {
    const none = await throughput(builds[0].bin, n++, []);
    const withWide = await throughput(builds[0].bin, n++, wideEndpoints, copy());
    wide.none.push(none);
    wide.with.push(withWide);
    console.log(JSON.stringify({ figure: 'writes, 100 endpoints', round, none, with: withWide }));
  }
  const server = await startServer(builds[0].bin, n++, [], copy());
  try {
    wide.lag = await lag(server, WIDE_RATE, WIDE_SECONDS, 100);
  } finally {
    await server.stop();
  }
  console.log(JSON.stringify({ figure: 'lag, 100 endpoints', ...wide.lag }));
}

const seed = join(work, 'seed.json');
writeSeed(seed);
const receivers = await startProcess(['-e', RECEIVERS], 11);
const live = receivers.urls.filter((u) => u.endsWith('/live'));
const ten = receivers.urls.filter((u) => !u.endsWith('/wide'));
const wideUrl = receivers.urls.find((u) => u.endsWith('/wide'));
const rows = Object.fromEntries(builds.map((b) => [b.name, { none: [], with: [], sustained: undefined }]));
const wide = { none: [], with: [], lag: undefined };
let n = 0;
try {
  for (let round = 0; round < (PARTS.has('writes') ? ROUNDS : 0); round++) {
    for (const build of builds) {
      const none = await throughput(build.bin, n++, []);
      const withTen = await throughput(build.bin, n++, ten);
      rows[build.name].none.push(none);
      rows[build.name].with.push(withTen);
      console.log(JSON.stringify({ figure: 'writes', build: build.name, round, none, with: withTen }));
    }
  }
  for (const build of PARTS.has('lag') ? builds : []) {
    const server = await startServer(build.bin, n++, live);
    try {
      rows[build.name].sustained = await lag(server, SUSTAINED_RATE, SUSTAINED_SECONDS, live.length);
    } finally {
      await server.stop();
    }
    console.log(JSON.stringify({ figure: 'lag', build: build.name, ...rows[build.name].sustained }));
  }
  if (PARTS.has('wide')) await measureWide();
} finally {
  await receivers.stop();
  rmSync(work, { recursive: true, force: true });
}

const medianOf = (list, key) => median(list.map((r) => r[key]));
const ratioOf = (a, b) => Math.round((a / b) * 100) / 100;
const machine = `${cpus().length} × ${cpus()[0]?.model?.trim() ?? 'cpu'}, Node ${process.version}`;
const at = new Date().toISOString().slice(0, 16);

function writesSection() {
  const writeRows = builds.map(({ name }) => {
    const { none, with: w } = rows[name];
    const [rn, rw] = [medianOf(none, 'rps'), medianOf(w, 'rps')];
    const [cn, cw] = [medianOf(none, 'main_cpu_ms_per_write'), medianOf(w, 'main_cpu_ms_per_write')];
    const [pn, pw] = [medianOf(none, 'process_cpu_ms_per_write'), medianOf(w, 'process_cpu_ms_per_write')];
    const figure = {
      figure: 'writes, median',
      build: name,
      none_rps: Math.round(rn),
      with_rps: Math.round(rw),
      ratio: ratioOf(rw, rn),
      main_cpu_ms_per_write: [round3(cn), round3(cw)],
      main_cpu_ratio: ratioOf(cw, cn),
      process_cpu_ms_per_write: [round3(pn), round3(pw)],
      delivered_per_write: round3(medianOf(w, 'delivered_per_write')),
      rss_mb: [medianOf(none, 'peak'), medianOf(w, 'peak')],
      dead_endpoint_max_sockets: Math.max(...w.map((r) => r.dead_endpoint_max_sockets)),
      load: [...none, ...w].map((r) => r.load),
    };
    console.log(JSON.stringify(figure));
    return figure;
  });
  return `
Writes: comment creates, ${CLIENTS} keep-alive clients, \`fp server --data\`, with 10 endpoints (5 answer at once,
5 never answer) against none; ${ROUNDS} alternating rounds of ${SECONDS} s, medians. Main-thread CPU is the server's
main thread alone (/proc task stat); process CPU includes the delivery thread.

| build | none (req/s) | with 10 (req/s) | ratio | goal | main-thread CPU ms/write, none → with | process CPU ms/write | delivered/write (of 5) | RSS peak MB, none → with | dead endpoint's most sockets | load averages |
|---|---|---|---|---|---|---|---|---|---|---|
${writeRows
  .map(
    (f) =>
      `| ${f.build} | ${f.none_rps} | ${f.with_rps} | ${f.ratio} | >= 0.9 (>= 0.8 on 2 shared cores) | ${f.main_cpu_ms_per_write.join(' → ')} (${f.main_cpu_ratio}) | ${f.process_cpu_ms_per_write.join(' → ')} | ${f.delivered_per_write} | ${f.rss_mb.join(' → ')} | ${f.dead_endpoint_max_sockets} | ${loads(f.load)} |`,
  )
  .join('\n')}
`;
}

function lagSection() {
  const lagRows = builds.map(({ name }) => ({ build: name, ...rows[name].sustained }));
  return `
Lag: ${SUSTAINED_RATE} comment creates a second asked for ${SUSTAINED_SECONDS} s with the 5 answering endpoints; lag from the write's answer to the receiver's arrival.

| build | writes (per s) | deliveries arrived / owed | p50 lag ms | p95 lag ms (goal <= 1000) | max lag ms | last arrival after last write ms (goal <= 5000) | load average |
|---|---|---|---|---|---|---|---|
${lagRows
  .map(
    (r) =>
      `| ${r.build} | ${r.writes} (${r.writes_per_s}) | ${r.arrived} / ${r.expected} | ${r.p50_lag_ms} | ${r.p95_lag_ms} | ${r.max_lag_ms} | ${r.last_after_last_write_ms} | ${r.load.toFixed(1)} |`,
  )
  .join('\n')}
`;
}

function wideSection() {
  const f = {
    none_rps: Math.round(medianOf(wide.none, 'rps')),
    with_rps: Math.round(medianOf(wide.with, 'rps')),
    main_cpu_ms_per_write: [
      round3(medianOf(wide.none, 'main_cpu_ms_per_write')),
      round3(medianOf(wide.with, 'main_cpu_ms_per_write')),
    ],
    delivered_per_write: round3(medianOf(wide.with, 'delivered_per_write')),
    load: [...wide.none, ...wide.with].map((r) => r.load),
  };
  f.ratio = ratioOf(f.with_rps, f.none_rps);
  console.log(JSON.stringify({ figure: '100 endpoints, median', ...f, lag: wide.lag }));
  return `
100 endpoints on one portal (answering at once; 90 of them written into the data file, the API allows 10):
writes ${f.with_rps} req/s against ${f.none_rps} with none (ratio ${f.ratio}), main-thread CPU ${f.main_cpu_ms_per_write.join(' → ')} ms/write,
${f.delivered_per_write} of 100 deliveries a write arrived during the run (load averages ${loads(f.load)}); at ${WIDE_RATE} writes a second for ${WIDE_SECONDS} s,
${wide.lag.arrived} of ${wide.lag.expected} deliveries arrived, p50 lag ${wide.lag.p50_lag_ms} ms, p95 ${wide.lag.p95_lag_ms} ms, the last ${wide.lag.last_after_last_write_ms} ms after the last write (load average ${wide.lag.load.toFixed(1)}).
`;
}

const loads = (list) => list.map((l) => l.toFixed(1)).join(' ');
const table = `
### webhooks.bench.mjs, ${at}Z

${machine}; load average (1 min) printed beside each figure: the machine is shared, and the ratios,
measured in the same run, are what the goals are about.
${PARTS.has('writes') ? writesSection() : ''}${PARTS.has('lag') ? lagSection() : ''}${PARTS.has('wide') ? wideSection() : ''}`;
appendFileSync(process.env.BENCH_RESULTS_FILE ?? join(root, 'bench', 'results.md'), table);
