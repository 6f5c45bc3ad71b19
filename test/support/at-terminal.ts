import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { FP_BIN } from './run-fp.js';

const DRIVER = resolve(import.meta.dirname, '../acceptance/pty-expect.py');

export interface AtTerminalOptions {
  /** The whole environment of `fp` (nothing is inherited). */
  env: NodeJS.ProcessEnv;
  /** The prompt each step answers, and the steps: wait for MARK, then type KEY (see pty-expect.py). */
  prompt?: string;
  steps?: Array<[mark: string, key: string]>;
}

/** `fp ARGS` in a real pseudo-terminal (stdin, stdout and stderr all terminals); resolves to everything the screen showed. */
export function atTerminal(args: string[], opts: AtTerminalOptions): Promise<{ code: number | null; screen: string }> {
  const steps = (opts.steps ?? []).map(([mark, key]) => `${mark}::${key}`);
  return new Promise((done, reject) => {
    const child = spawn(
      'python3',
      [DRIVER, opts.prompt ?? 'no prompt', ...steps, '--', process.execPath, FP_BIN, ...args],
      { env: opts.env },
    );
    let screen = '';
    child.stdout.on('data', (d) => (screen += d));
    child.on('error', reject);
    child.on('close', (code) => done({ code, screen }));
  });
}
