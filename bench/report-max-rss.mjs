// Preloaded into a measured process (NODE_OPTIONS=--import): on exit, writes its
// peak RSS (kilobytes) and CPU time (microseconds, user + system) as JSON to the
// file named by BENCH_RSS_FILE.
import { writeFileSync } from 'node:fs';

process.once('exit', () => {
  if (!process.env.BENCH_RSS_FILE) return;
  const u = process.resourceUsage();
  writeFileSync(process.env.BENCH_RSS_FILE, JSON.stringify({ maxRSS: u.maxRSS, cpuMicros: u.userCPUTime + u.systemCPUTime }));
});
