// Preloaded into a measured process (NODE_OPTIONS=--import): on exit, writes its
// peak RSS in kilobytes to the file named by BENCH_RSS_FILE.
import { writeFileSync } from 'node:fs';

process.once('exit', () => {
  if (process.env.BENCH_RSS_FILE) writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS));
});
