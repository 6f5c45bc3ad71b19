import type { Readable } from 'node:stream';

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
}

export function processIO(): IO {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    stdoutIsTTY: Boolean(process.stdout.isTTY),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    stdinIsTTY: Boolean(process.stdin.isTTY),
    env: process.env,
    columns: process.stdout.columns || 100,
  };
}

/** Prompts and spinners only when a person is there to see them. */
export const isInteractive = (io: IO) => io.stdinIsTTY && io.stderrIsTTY && io.env.CI !== 'true';

export async function readAllStdin(io: IO): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
