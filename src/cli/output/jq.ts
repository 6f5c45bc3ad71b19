import { UsageError } from '../errors.js';

/** jq's exit code for an expression that does not compile. */
const COMPILE_ERROR = 3;

/**
 * Run a jq expression over data in this process (jq compiled to WebAssembly, shipped in the
 * package: nothing is downloaded). Strings print raw, as `jq -r` does; each result on its own line.
 */
export async function runJq(data: unknown, expression: string): Promise<string> {
  // Loaded only when --jq is given: the WebAssembly module is the largest thing fp can load.
  const { loadJq } = await import('jq-wasm');
  const jq = await loadJq();
  const res = jq.raw(data as object, expression, ['-r']);
  if (res.exitCode !== 0) {
    const message =
      res.stderr
        .split('\n')[0]
        .replace(/^jq: (error: )?/, '')
        .trim() || `exit ${res.exitCode}`;
    if (res.exitCode === COMPILE_ERROR) throw new UsageError(`invalid --jq expression: ${message}`);
    throw new Error(`--jq: ${message}`);
  }
  return res.stdout.length ? `${res.stdout.replace(/\n$/, '')}\n` : '';
}
