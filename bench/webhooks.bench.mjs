#!/usr/bin/env node
// Webhook benchmark: the API's durable write throughput (comment create, 8 keep-alive
// clients, autocannon) on `fp server --data`, with 10 webhook endpoints of which 5 answer
// 200 at once and 5 accept the connection and never answer, against the same server with
// no endpoint. Runs alternate (none, with) over several rounds on fresh data files; the
// ratio of the medians is the figure (goal >= 0.9). The receivers live in a process of
// their own, as a receiver does. Prints JSON lines and appends a table to
// bench/results.md (or BENCH_RESULTS_FILE).
//
//   npm run build && node bench/webhooks.bench.mjs
//   BENCH_SECONDS=3 BENCH_ROUNDS=2 node bench/webhooks.bench.mjs
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fp = process.env.FP_BENCH_BIN ?? join(root, 'bin', 'fp.js');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CLIENTS = 8;
const TOKEN = 'bench';
const USER = '00000000-0000-4000-8000-000000000001';
const work = mkdtempSync(join(tmpdir(), 'fp-webhooks-bench-'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

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
    urls,
    cpuMs: () => cpuMs(child.pid),
    /** Asks the process a question over IPC (the receivers answer how many deliveries they have had). */
    ask: () => new Promise((resolve) => (child.once('message', resolve), child.send('?'))),
    stop: () => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))),
  };
}

/** CPU time (user + system) a process has used so far, from /proc (Linux); NaN elsewhere. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/** Five receivers that answer 200 at once and five that take the request and never answer. */
const RECEIVERS = `
const http = require('node:http');
let answered = 0;
process.on('message', () => process.send(answered));
process.channel.unref();
for (let i = 0; i < 10; i++) {
  const answers = i < 5;
  http.createServer((req, res) => { req.resume(); if (answers) req.on('end', () => (answered++, res.end('ok'))); })
    .listen(0, '127.0.0.1', function () { console.log('Listening on http://127.0.0.1:' + this.address().port + (answers ? '/ok' : '/never')); });
}`;

async function request(url, method, path, body) {
  const res = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Comment creates per second over SECONDS, after a second of warm-up, and the CPU time each cost the server and the receivers. */
async function throughput(url, server) {
  let sent = 0;
  const run = (duration) =>
    autocannon({
      url,
      connections: CLIENTS,
      duration,
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            method: 'POST',
            path: `/api/v1/posts/p${sent % 50}/comments`,
            body: JSON.stringify({ user_id: USER, comment: `Bench comment ${sent++}` }),
          }),
        },
      ],
    });
  await run(1);
  const cpuBefore = [server.cpuMs(), receivers.cpuMs()];
  const answeredBefore = await receivers.ask();
  const result = await run(SECONDS);
  const cpu = [server.cpuMs() - cpuBefore[0], receivers.cpuMs() - cpuBefore[1]];
  const delivered = (await receivers.ask()) - answeredBefore;
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed) throw new Error(`${failed} requests failed`);
  const writes = result.requests.total;
  return {
    rps: writes / SECONDS,
    server_cpu_ms_per_write: cpu[0] / writes,
    receivers_cpu_ms_per_write: cpu[1] / writes,
    delivered_per_write: delivered / writes,
  };
}

/** One run on a fresh data file: the server, the endpoints registered (if any), the load. */
async function measure(seed, endpoints, n) {
  const data = join(work, `run-${n}.db`);
  spawnSync('sync');
  const server = await startProcess([fp, 'server', '--port', '0', '--seed', seed, '--data', data], 1);
  try {
    const url = server.urls[0];
    for (const endpoint of endpoints) await request(url, 'POST', '/__reference/webhooks', { url: endpoint });
    spawnSync('sync');
    const figures = await throughput(url, server);
    const events = (await request(url, 'GET', '/__reference/events?portal_only=1')).data.length;
    return { ...figures, events };
  } finally {
    await server.stop();
    rmSync(data, { force: true });
    for (const suffix of ['-wal', '-shm']) rmSync(data + suffix, { force: true });
  }
}

const seed = join(work, 'seed.json');
writeSeed(seed);
const receivers = await startProcess(['-e', RECEIVERS], 10);
const none = [];
const withEndpoints = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    const a = await measure(seed, [], `${round}-none`);
    const b = await measure(seed, receivers.urls, `${round}-with`);
    none.push(a.rps);
    withEndpoints.push(b.rps);
    console.log(
      JSON.stringify({
        round,
        none_rps: a.rps,
        with_rps: b.rps,
        none_server_cpu_ms_per_write: a.server_cpu_ms_per_write,
        with_server_cpu_ms_per_write: b.server_cpu_ms_per_write,
        with_receivers_cpu_ms_per_write: b.receivers_cpu_ms_per_write,
        with_delivered_per_write: b.delivered_per_write,
      }),
    );
  }
} finally {
  await receivers.stop();
  rmSync(work, { recursive: true, force: true });
}

const figure = {
  round: 'median',
  none_rps: Math.round(median(none)),
  with_rps: Math.round(median(withEndpoints)),
  ratio: Math.round((median(withEndpoints) / median(none)) * 100) / 100,
  goal: '>= 0.9',
  rounds: ROUNDS,
  seconds: SECONDS,
};
console.log(JSON.stringify(figure));

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load average ${loadavg()
  .map((l) => l.toFixed(1))
  .join(' ')}, Node ${process.version}`;
const table = `
### webhooks.bench.mjs

API write throughput (comment create, ${CLIENTS} clients, \`fp server --data\`) with 10 webhook endpoints of
which 5 answer at once and 5 never answer, against no endpoint; ${ROUNDS} alternating rounds of ${SECONDS} s,
medians. Every write emits comment.created; with the endpoints each is queued for all 10.

| figure | none (req/s) | with 10 endpoints (req/s) | ratio | goal |
|---|---|---|---|---|
| comment create, with/none | ${figure.none_rps} | ${figure.with_rps} | ${figure.ratio} | ${figure.goal} |

Rounds (req/s, none / with): ${none.map((n, i) => `${Math.round(n)} / ${Math.round(withEndpoints[i])}`).join('; ')}. Machine: ${machine}.
`;
appendFileSync(process.env.BENCH_RESULTS_FILE ?? join(root, 'bench', 'results.md'), table);
