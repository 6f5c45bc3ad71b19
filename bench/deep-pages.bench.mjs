#!/usr/bin/env node
// Deep pages: GET /api/v1/posts on a generated portal of 50,000 posts, in every order_by
// name the reference data sorts on (and id, and one name without a field), both
// directions: the first page against a page in the middle and the last page, in ROUNDS
// alternating rounds of BATCH requests each on one keep-alive connection. A page's cost
// is the server's CPU time per request (from /proc, steadier than wall time on a shared
// machine), its wall time the median. The goal is that no page costs more than 2× the
// first page of its order.
// Prints one JSON line per order and direction and appends a table to bench/results.md
// (or to BENCH_RESULTS_FILE).
//
//   node bench/deep-pages.bench.mjs
//   BENCH_POSTS=5000 BENCH_LIMITS=100 node bench/deep-pages.bench.mjs
//   FP_BENCH_BIN=/path/to/other/bin/fp.js FP_BENCH_LABEL=before node bench/deep-pages.bench.mjs
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fp = process.env.FP_BENCH_BIN ?? join(root, 'bin', 'fp.js');
const POSTS = Number(process.env.BENCH_POSTS ?? 50_000);
/** Page sizes: the API's default, and the one fp pages with (`--all`, snapshots). */
const LIMITS = (process.env.BENCH_LIMITS ?? '10,100').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const BATCH = Number(process.env.BENCH_BATCH ?? 8);
const GOAL = 2;
const TOKEN = 'bench';
/** The order_by names with a field (D-POSTS-ORDER-MAP), id, and one of the names without one. */
const ORDERS = [
  'id',
  'title',
  'created_at',
  'updated_at',
  'content_updated_at',
  'votes_count',
  'comments_count',
  'latest_status_change',
  'latest_vote',
  'views',
  'order',
  'platform',
  'version',
  'release',
  'author',
  'section',
  'sum_mrr',
];
const work = mkdtempSync(join(tmpdir(), 'fp-deep-pages-'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const uuid = (n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A portal whose posts differ in every ordered field, with ties, NULLs and knowledge-base articles. */
async function writeSeed(file) {
  const out = createWriteStream(file);
  const write = async (text) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  const users = Array.from({ length: 300 }, (_, i) => ({
    id: uuid(i + 1),
    name: `${['Ann', 'bob', 'Cy', 'dee'][i % 4]} ${String.fromCharCode(65 + (i % 26))}${i}`,
    email: `u${i + 1}@bench.test`,
    role: i === 0 ? 'admin' : 'member',
  }));
  const head = {
    hosts: ['127.0.0.1', 'localhost'],
    title: 'Deep pages',
    api_keys: [{ token: TOKEN }],
    users,
    tabs: [
      { id: 1, slug: 'feedback', name: 'Feedback', type: 'board' },
      { id: 2, slug: 'roadmap', name: 'Roadmap', type: 'roadmap' },
      { id: 3, slug: 'help', name: 'Help', type: 'knowledge_base' },
    ],
    sections: Array.from({ length: 6 }, (_, i) => ({ id: i + 1, tab_id: 3, slug: `s${i + 1}`, name: `S${i + 1}` })),
    statuses: [{ id: 1, name: 'Planned', tab_id: 2 }],
  };
  await write(`{"format":1,"portals":[${JSON.stringify(head).slice(0, -1)},"posts":[`);
  const start = Date.UTC(2024, 0, 1);
  const pick = (i, values) => values[i % values.length];
  for (let i = 0; i < POSTS; i++) {
    const post = {
      key: `p${i.toString(36)}`,
      title: `${pick(i, ['Export', 'import', 'Dark mode', 'sso'])} ${(i * 7919) % 10007}`,
      description: 'Lorem ipsum dolor sit amet, **consectetur** adipiscing elit. '.repeat(6), // as store.bench.mjs
      author_id: uuid(((i * 31) % 300) + 1),
      tab_id: pick(i, [1, 2, 1, 1, 3, null]),
      section_id: i % 5 === 0 ? ((i / 5) % 6) + 1 : null,
      votes_count: (i * 7919) % 211,
      views_count: (i * 104729) % 5003,
      platform: pick(i, ['web', 'iOS', 'android', null, 'Web']),
      version: i % 3 ? `1.${i % 40}` : null,
      release: i % 4 ? `R${(i * 13) % 50}` : null,
      sort_order: (i * 48271) % POSTS,
      created_at: new Date(start + i * 60_000).toISOString(),
      updated_at: new Date(start + ((i * 7) % POSTS) * 60_000).toISOString(),
      latest_status_change_at: new Date(start + ((i * 11) % 997) * 3_600_000).toISOString(),
    };
    await write(`${i ? ',' : ''}${JSON.stringify(post)}`);
  }
  await write('],"comments":[');
  let comments = 0;
  for (let i = 0; i < POSTS; i += 3)
    for (let c = 0; c <= i % 4; c++)
      await write(
        `${comments++ ? ',' : ''}${JSON.stringify({ post_key: `p${i.toString(36)}`, user_id: uuid((c % 300) + 1), comment: `Comment ${c}` })}`,
      );
  await write('],"anonymous_votes":[');
  let votes = 0;
  for (let i = 0; i < POSTS; i += 4)
    await write(
      `${votes++ ? ',' : ''}${JSON.stringify({ post_key: `p${i.toString(36)}`, anonymous_id: `a${i}`, created_at: new Date(start + ((i * 17) % 9973) * 60_000).toISOString() })}`,
    );
  await write(']}]}');
  out.end();
  await once(out, 'finish');
}

async function startServer(args) {
  const child = spawn(process.execPath, [fp, 'server', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FP_SEED_CACHE_DIR: join(work, 'seed-cache') },
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
  return {
    url,
    cpuMs: () => cpuMsOf(child.pid),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

const TICK_MS = 1000 / (Number(String(spawnSync('getconf', ['CLK_TCK']).stdout).trim()) || 100);

/** CPU time (user + system) a process has used so far, in ms (Linux). */
function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

const dispatcher = new Agent({ connections: 1 });

/** One page: wall ms of the request and the answer's total. */
async function page(url, orderBy, direction, skip, limit = 10) {
  const path = `/api/v1/posts?order_by=${orderBy}&order_direction=${direction}&limit=${limit}&skip=${skip}`;
  const t = process.hrtime.bigint();
  const res = await request(`${url}${path}`, {
    dispatcher,
    headers: { authorization: `Bearer ${TOKEN}`, accept: 'application/json' },
  });
  const body = await res.body.json();
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode}`);
  return { ms, total: body.total, count: body.data.length };
}

const results = [];
try {
  const seed = join(work, 'seed.json');
  await writeSeed(seed);
  const server = await startServer(['--seed', seed, '--data', join(work, 'data.db')]);
  const started = Date.now();
  try {
    const { total } = await page(server.url, 'id', 'asc', 0);
    const middle = Math.floor(total / 2);
    for (const limit of LIMITS)
      for (const orderBy of ORDERS)
        for (const direction of ['desc', 'asc']) {
          const depths = { first: 0, middle, last: Math.max(0, total - limit) };
          const times = { first: [], middle: [], last: [] };
          const cpu = { first: 0, middle: 0, last: 0 };
          // The first list in an order builds its index (D-POSTS-DEEP-PAGES): timed apart, as the warm-up.
          const { ms: firstUse } = await page(server.url, orderBy, direction, 0, limit);
          for (const skip of Object.values(depths)) await page(server.url, orderBy, direction, skip, limit);
          for (let round = 0; round < ROUNDS; round++) {
            const names = Object.keys(depths);
            for (const name of round % 2 ? names.reverse() : names) {
              const before = server.cpuMs();
              for (let i = 0; i < BATCH; i++)
                times[name].push((await page(server.url, orderBy, direction, depths[name], limit)).ms);
              cpu[name] += server.cpuMs() - before;
            }
          }
          const per = (name) => cpu[name] / (ROUNDS * BATCH);
          const figure = {
            limit,
            order_by: orderBy,
            direction,
            firstUse,
            cpuFirst: per('first'),
            cpuMiddle: per('middle'),
            cpuLast: per('last'),
            ratio: Math.max(per('middle'), per('last')) / per('first'),
            wallFirst: median(times.first),
            wallMiddle: median(times.middle),
            wallLast: median(times.last),
            wallRatio: Math.max(median(times.middle), median(times.last)) / median(times.first),
            goal: `<= ${GOAL}`,
          };
          results.push(figure);
          console.log(JSON.stringify(figure));
        }
    const seconds = Math.round((Date.now() - started) / 1000);
    const f = (n, d = 2) => n.toFixed(d);
    const worst = (limit) => Math.max(...results.filter((r) => r.limit === limit).map((r) => r.ratio));
    const worstWall = (limit) => Math.max(...results.filter((r) => r.limit === limit).map((r) => r.wallRatio));
    const verdict = (limit) =>
      `limit ${limit}: worst ratio ${f(worst(limit))} (CPU), ${f(worstWall(limit))} (wall), ${worst(limit) <= GOAL ? 'met' : 'not met'}`;
    appendFileSync(
      process.env.BENCH_RESULTS_FILE ?? join(root, 'bench', 'results.md'),
      [
        '',
        `## deep-pages.bench.mjs, ${new Date().toISOString().slice(0, 16)}Z, Node ${process.version}, ${total.toLocaleString('en')} listed of ${POSTS.toLocaleString('en')} posts`,
        process.env.FP_BENCH_LABEL ? `\n${process.env.FP_BENCH_LABEL}\n` : '',
        `GET /api/v1/posts, one keep-alive connection, ${ROUNDS} alternating rounds of ${BATCH} requests per page: the server's CPU ms per request, and the median wall ms. Ratio: the costlier of the middle (skip ${middle}) and last (skip total − limit) page over the first. The first request in an order (the warm-up) is timed apart. Measured in ${seconds} s; load average at the end ${loadavg()[0].toFixed(1)} on ${cpus().length} cores. Goal ≤ ${GOAL}×: ${LIMITS.map(verdict).join('; ')}.`,
        '',
        '| limit | order_by | direction | first request in the order (wall) | first | middle | last | ratio | wall first | middle | last | ratio |',
        '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
        ...results.map(
          (r) =>
            `| ${r.limit} | ${r.order_by} | ${r.direction} | ${f(r.firstUse)} | ${f(r.cpuFirst)} | ${f(r.cpuMiddle)} | ${f(r.cpuLast)} | ${f(r.ratio)} | ${f(r.wallFirst)} | ${f(r.wallMiddle)} | ${f(r.wallLast)} | ${f(r.wallRatio)} |`,
        ),
        '',
      ].join('\n'),
    );
  } finally {
    await server.stop();
    await dispatcher.close();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
