import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
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
    // A loader hook that refuses the program's entry: only the page can answer.
    const refuse = `export async function resolve(s, c, next) { if (s.endsWith('dist/cli.js')) throw new Error('loaded the program'); return next(s, c); }`;
    const hook = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(refuse)}`)});`;
    const page = readFileSync(PAGE, 'utf8');
    for (const flag of ['--help', '-h', 'help']) {
      expect(execFileSync(process.execPath, [`--import=data:text/javascript,${encodeURIComponent(hook)}`, FP_BIN, flag], { encoding: 'utf8' })).toBe(page);
    }
    // The hook does refuse the program: a command that needs it fails.
    expect(() =>
      execFileSync(process.execPath, [`--import=data:text/javascript,${encodeURIComponent(hook)}`, FP_BIN, '--version'], { stdio: 'pipe' }),
    ).toThrow(/loaded the program/);
  });
});
