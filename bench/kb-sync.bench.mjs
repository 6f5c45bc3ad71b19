#!/usr/bin/env node
// Knowledge-base sync of a large tab: fp kb sync export --dir, preview and
// execute of N articles (default 2,000), each against curl doing the same HTTP
// exchange with the same server in the same run, plus the peak RSS of fp. The
// same steps with N/10 articles show whether memory grows with the tab.
// Prints one JSON line per step.
//
//   node bench/kb-sync.bench.mjs              # 2,000 articles (and 200)
//   BENCH_ARTICLES=5000 node bench/kb-sync.bench.mjs
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchPortal, KEY } from './bench-portal.mjs';
import { startFpServer } from './start-fp-server.mjs';
import { zipDir } from './zip-dir.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fp = join(root, 'bin', 'fp.js');

const RUNS = 3;
/** Empty knowledge-base tabs that execute creates into: one per run, for fp and for curl. */
const fpTab = (i) => 10 + i;
const curlTab = (i) => 20 + i;

function kbSeed(articles) {
  const tabs = Array.from({ length: RUNS }, (_, i) => [
    { id: fpTab(i), slug: `fp-${i}`, name: `Help (fp ${i})`, type: 'knowledge_base' },
    { id: curlTab(i), slug: `curl-${i}`, name: `Help (curl ${i})`, type: 'knowledge_base' },
  ]).flat();
  return { portals: [benchPortal({ articles, tabs })] };
}

const rssFile = join(mkdtempSync(join(tmpdir(), 'fp-kb-bench-rss-')), 'max-rss');
const preload = join(root, 'bench', 'report-max-rss.mjs');
process.once('exit', () => rmSync(dirname(rssFile), { recursive: true, force: true }));

/** Wall time of a child process and, for node, its peak RSS (reported by the process itself on exit). */
function measure(cmd, args, env = {}) {
  return new Promise((resolve, reject) => {
    rmSync(rssFile, { force: true });
    const started = process.hrtime.bigint();
    const child = spawn(cmd, args, {
      env: { ...process.env, NO_COLOR: '1', NODE_OPTIONS: `--import ${preload}`, BENCH_RSS_FILE: rssFile, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (d) => (stdout = (stdout + d).slice(-200)));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (code !== 0) return reject(new Error(`${cmd} ${args.join(' ')} exited ${code}: ${stderr}`));
      let peakMb = 0;
      let cpuMs = 0;
      try {
        const report = JSON.parse(readFileSync(rssFile, 'utf8'));
        peakMb = Math.round((report.maxRSS / 1024) * 10) / 10;
        cpuMs = report.cpuMicros / 1000;
      } catch {
        // curl, run through sh: `times` prints the children's user and system time last.
        const m = /(\d+)m([\d.]+)s (\d+)m([\d.]+)s\s*$/.exec(stdout);
        if (m) cpuMs = (Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) * 60 + Number(m[4])) * 1000;
      }
      resolve({ ms, peakMb, cpuMs });
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function bestOf(runs, fn) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await fn(i));
  return {
    ms: median(results.map((r) => r.ms)),
    cpuMs: median(results.map((r) => r.cpuMs)),
    peakMb: Math.max(...results.map((r) => r.peakMb)),
  };
}

async function benchSize(articles) {
  const work = mkdtempSync(join(tmpdir(), 'fp-kb-bench-'));
  const seedPath = join(work, 'seed.json');
  writeFileSync(seedPath, JSON.stringify(kbSeed(articles)));
  const server = await startFpServer(fp, seedPath);
  const env = { FP_BASE_URL: server.url, FP_API_KEY: KEY, FP_CONFIG_DIR: join(work, 'cfg'), CI: 'true' };
  const auth = ['-H', `Authorization: Bearer ${KEY}`, '-H', 'Accept: application/json'];
  const quote = (a) => `'${a.replace(/'/g, `'\\''`)}'`;
  const curl = (out, args) =>
    measure('sh', ['-c', `curl -sS --fail -o ${quote(out)} ${[...auth, ...args].map(quote).join(' ')} && times`]);
  const lines = [];
  const step = (name, fpRun, curlRun) => {
    const line = {
      articles,
      step: name,
      fpMs: Math.round(fpRun.ms),
      curlMs: Math.round(curlRun.ms),
      ratio: Math.round((fpRun.ms / curlRun.ms) * 10) / 10,
      fpCpuMs: Math.round(fpRun.cpuMs),
      curlCpuMs: Math.round(curlRun.cpuMs),
      fpPeakRssMB: fpRun.peakMb,
    };
    lines.push(line);
    console.log(JSON.stringify(line));
  };
  try {
    const dir = join(work, 'help');
    const zip = join(work, 'help.zip');
    const api = `${server.url}/api/v1/knowledgebase/sync`;
    step(
      'export --dir',
      await bestOf(RUNS, (i) =>
        measure(process.execPath, [fp, 'kb', 'sync', 'export', '--tab', '2', '--dir', `${dir}-${i}`], env),
      ),
      await bestOf(RUNS, () => curl(zip, [`${api}/export?tab_id=2`])),
    );
    cpSync(`${dir}-0`, dir, { recursive: true });
    step(
      'preview (no changes)',
      await bestOf(RUNS, () => measure(process.execPath, [fp, 'kb', 'sync', 'preview', '--tab', '2', dir], env)),
      await bestOf(RUNS, () =>
        curl('/dev/null', ['-F', 'tab_id=2', '-F', `file=@${zip};type=application/zip`, `${api}/preview`]),
      ),
    );

    // Execute into empty tabs: every article is created, and fp writes every id back.
    const fresh = (name) => {
      const target = join(work, name);
      cpSync(dir, target, { recursive: true });
      rmSync(join(target, '.fp-sync.json'));
      for (const section of readdirSync(target, { withFileTypes: true }).filter((e) => e.isDirectory())) {
        for (const f of readdirSync(join(target, section.name))) {
          const file = join(target, section.name, f);
          writeFileSync(file, readFileSync(file, 'utf8').replace(/^id: .*\n/m, ''));
        }
      }
      return target;
    };
    const newZip = join(work, 'new.zip');
    await zipDir(fresh('new-zip'), newZip);
    const fpDirs = Array.from({ length: RUNS }, (_, i) => fresh(`new-${i}`));
    step(
      'execute (all new, ids written back)',
      await bestOf(RUNS, (i) =>
        measure(process.execPath, [fp, 'kb', 'sync', 'execute', '--tab', String(fpTab(i)), fpDirs[i], '--yes'], env),
      ),
      await bestOf(RUNS, (i) =>
        curl('/dev/null', [
          '-F',
          `tab_id=${curlTab(i)}`,
          '-F',
          `file=@${newZip};type=application/zip`,
          `${api}/execute`,
        ]),
      ),
    );
    step(
      'execute again (no changes)',
      await bestOf(RUNS, (i) =>
        measure(process.execPath, [fp, 'kb', 'sync', 'execute', '--tab', String(fpTab(i)), fpDirs[i], '--yes'], env),
      ),
      await bestOf(RUNS, () =>
        curl('/dev/null', ['-F', 'tab_id=2', '-F', `file=@${zip};type=application/zip`, `${api}/execute`]),
      ),
    );
  } finally {
    server.stop();
    rmSync(work, { recursive: true, force: true });
  }
  return lines;
}

const startup = await bestOf(RUNS, () => measure(process.execPath, [fp, '--version']));
console.log(
  JSON.stringify({
    step: 'startup (fp --version)',
    fpMs: Math.round(startup.ms),
    fpCpuMs: Math.round(startup.cpuMs),
    fpPeakRssMB: startup.peakMb,
  }),
);
const articles = Number(process.env.BENCH_ARTICLES ?? 2000);
await benchSize(Math.round(articles / 10));
await benchSize(articles);
