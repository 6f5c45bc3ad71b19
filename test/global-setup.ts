import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { printContractTally } from './support/contract-tally.js';
import { tempRoot } from './support/temp-root.js';

/**
 * Every temp file of a test run (profile stores, seeds, uploads, exports, and
 * those of the fp processes tests start) lives in one folder, removed at the end; in RAM
 * when the machine has room there (test/support/temp-root.ts).
 */
export default function setup(): () => void {
  const dir = mkdtempSync(join(tempRoot(), 'fp-tests-'));
  process.env.TMPDIR = dir;
  // Seeds the fp servers of the tests compile are kept here, not in the user's cache folder.
  process.env.FP_SEED_CACHE_DIR = join(dir, 'seed-cache');
  return () => {
    printContractTally();
    rmSync(dir, { recursive: true, force: true });
  };
}
