import type { Readable } from 'node:stream';
import { isatty } from 'node:tty';

/** The process seen through what commands need; tests pass a fake. */
export interface IO {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
  stdin: Readable;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  env: Record<string, string | undefined>;
  /** Terminal width for tables. */
  columns: number;
  /** Terminal height, for the pager (0 when unknown: nothing is paged). */
  rows?: number;
}

export function processIO(): IO {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    // Made when a command reads it: Node builds process.stdin (a stream over a pipe, file or
    // terminal) on first use, which most commands never need.
    get stdin() {
      return process.stdin;
    },
    stdoutIsTTY: Boolean(process.stdout.isTTY),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    stdinIsTTY: isatty(0),
    env: process.env,
    columns: process.stdout.columns || 100,
    rows: process.stdout.rows || 0,
  };
}

/** Running in CI (`CI=true`, as CI services set it): no prompts, spinners or progress lines. */
export const inCI = (io: IO): boolean => /^(?:true|1)$/i.test(io.env.CI ?? '');

/** Prompts and spinners only when a person is there to see them. */
export const isInteractive = (io: IO) => io.stdinIsTTY && io.stderrIsTTY && !inCI(io);

/** `FP_PROMPT_DISABLED` (any value but empty, 0 or false): fp never asks, as off a terminal. */
const promptsDisabled = (io: IO): boolean => !/^(?:0|false)?$/i.test(io.env.FP_PROMPT_DISABLED ?? '');

/** A question may be asked: a person is there and prompts are not disabled. */
export const canPrompt = (io: IO): boolean => isInteractive(io) && !promptsDisabled(io);

/** Why fp cannot ask, for errors that say what to pass instead. */
export const noPromptReason = (io: IO): string =>
  isInteractive(io) ? 'prompts are disabled (FP_PROMPT_DISABLED)' : 'no terminal to prompt';

export async function readAllStdin(io: IO): Promise<string> {
  return (await readStdinBytes(io)).toString('utf8');
}

/** All of stdin as the bytes that came, undecoded. */
export async function readStdinBytes(io: IO): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
