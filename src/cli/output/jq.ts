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
    const message = jqMessage(res.stderr) || `exit ${res.exitCode}`;
    if (res.exitCode === COMPILE_ERROR) throw new UsageError(`invalid --jq expression: ${message}`);
    throw new Error(`--jq: ${message}`);
  }
  return res.stdout.length ? `${res.stdout.replace(/\n$/, '')}\n` : '';
}

/**
 * jq's error in fp's form: `syntax error, unexpected end of file at column 19`, then the
 * expression with jq's caret under the place, where jq shows them.
 */
function jqMessage(stderr: string): string {
  const [first = '', ...rest] = stderr.split('\n');
  const what = first.replace(/^jq: (error: )?/, '').trim();
  const at = / at <top-level>, line (\d+), column (\d+):$/.exec(what);
  if (!at) return what;
  const place = at[1] === '1' ? `at column ${at[2]}` : `at line ${at[1]}, column ${at[2]}`;
  // The expression and its caret, indented by four spaces; jq's closing tally is left out.
  const shown = rest.filter((l) => l.startsWith('    ')).map((l) => `  ${l.slice(4)}`);
  return [`${what.slice(0, at.index)} ${place}`, ...shown].join('\n');
}
