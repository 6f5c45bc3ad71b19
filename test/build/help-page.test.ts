import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { fakeIO } from '../support/fake-io.js';
import { FP_BIN } from '../support/run-fp.js';

const PAGE = resolve(import.meta.dirname, '../../dist/help.txt');

describe('the root help page the build renders', () => {
  it('is the page the program prints at 80 columns', async () => {
    const io = fakeIO();
    expect(await main(['--help'], io)).toBe(0);
    expect(readFileSync(PAGE, 'utf8')).toBe(io.out());
  });

  it('is what fp --help, fp -h and fp help print, without loading the program', () => {
    // A copy of the launcher and the page without the program beside them: only the page can answer.
    const dir = mkdtempSync(join(tmpdir(), 'fp-help-'));
    try {
      mkdirSync(join(dir, 'dist'));
      cpSync(resolve(FP_BIN, '..'), join(dir, 'bin'), { recursive: true });
      cpSync(PAGE, join(dir, 'dist', 'help.txt'));
      const bin = join(dir, 'bin', 'fp.js');
      const page = readFileSync(PAGE, 'utf8');
      for (const flag of ['--help', '-h', 'help']) {
        expect(execFileSync(process.execPath, [bin, flag], { encoding: 'utf8' })).toBe(page);
      }
      // The copy does lack the program: a command that needs it fails.
      expect(() => execFileSync(process.execPath, [bin, '--version'], { stdio: 'pipe' })).toThrow(/dist\/cli\.cjs/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
