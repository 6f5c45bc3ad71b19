import type { GlobalOptions } from '../global-options.js';
import type { IO } from '../io.js';
import { colorEnabled, resolveFormat } from './format.js';
import { Output } from './output.js';

/** The exporter for the global output flags: --json, --format, --fields, --jq, --no-color. */
export async function createOutput(io: IO, g: GlobalOptions): Promise<Output> {
  const fields = g.fields
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const format = resolveFormat(g, io);
  // Only tables are coloured: machine formats and piped rows do not load chalk.
  const chalk =
    format === 'table' ? new (await import('chalk')).Chalk({ level: colorEnabled(g, io) ? 1 : 0 }) : undefined;
  return new Output(io, format, chalk, { fields, jq: g.jq });
}
