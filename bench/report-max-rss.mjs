// Preloaded into a measured process (NODE_OPTIONS=--import): on exit, writes its
// peak RSS (kilobytes) and CPU time (microseconds, user + system) as JSON to the
// file named by BENCH_RSS_FILE.
//
// On Linux the peak is VmHWM, the high-water mark of this program's own memory.
// getrusage's maxrss is not: exec carries over the peak of the forked copy of the
// parent, so a child of a benchmark that holds 140 MB reports at least 140 MB.
import { readFileSync, writeFileSync } from 'node:fs';

function peakKb() {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Number(hwm[1]);
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS;
}

process.once('exit', () => {
  if (!process.env.BENCH_RSS_FILE) return;
  const u = process.resourceUsage();
  writeFileSync(
    process.env.BENCH_RSS_FILE,
    JSON.stringify({ maxRSS: peakKb(), cpuMicros: u.userCPUTime + u.systemCPUTime }),
  );
});
