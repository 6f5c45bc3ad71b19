import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printContractTally } from './support/contract-tally.js';

/**
 * Every temp file of a test run (profile stores, seeds, uploads, exports, and
 * those of the fp processes tests start) lives in one folder, removed at the end.
 */
export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'fp-tests-'));
  process.env.TMPDIR = dir;
  return () => {
    printContractTally();
    rmSync(dir, { recursive: true, force: true });
  };
}
