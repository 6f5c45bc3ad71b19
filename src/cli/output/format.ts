import { UsageError } from '../errors.js';
import type { IO } from '../io.js';

export const OUTPUT_FORMATS = ['table', 'json', 'ndjson', 'csv'] as const;
/** `plain` is what a pipe gets when no format is asked for: a header line and tab-separated rows. */
export type OutputFormat = (typeof OUTPUT_FORMATS)[number] | 'plain';

export function resolveFormat(opts: { json?: boolean; format?: string; jq?: string }, io: IO): OutputFormat {
  const jsonFlag = opts.jq !== undefined ? '--jq' : opts.json ? '--json' : undefined;
  // --json and --jq print JSON: a format that is not JSON asks for something else.
  if (jsonFlag && opts.format !== undefined && !['json', 'ndjson'].includes(opts.format))
    throw new UsageError(`${jsonFlag} prints JSON and --format ${opts.format} does not: give one of them`);
  if (jsonFlag) return 'json';
  if (opts.format) {
    if (!(OUTPUT_FORMATS as readonly string[]).includes(opts.format)) {
      throw new UsageError(`invalid --format "${opts.format}": expected one of ${OUTPUT_FORMATS.join(', ')}`);
    }
    return opts.format as OutputFormat;
  }
  // FORCE_COLOR asks for what a terminal gets, through a pipe (`| less -R`): the coloured table.
  return io.stdoutIsTTY || forcedColour(io) ? 'table' : 'plain';
}

const forcedColour = (io: IO) =>
  Boolean(io.env.FORCE_COLOR) &&
  io.env.FORCE_COLOR !== '0' &&
  !(io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '');

export function colorEnabled(opts: { color?: boolean }, io: IO): boolean {
  if (opts.color === false) return false;
  if (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '') return false;
  if (forcedColour(io)) return true;
  return io.stdoutIsTTY;
}
