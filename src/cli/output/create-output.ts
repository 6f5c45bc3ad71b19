import { Chalk } from 'chalk';
import type { GlobalOptions } from '../factory.js';
import type { IO } from '../io.js';
import { colorEnabled, resolveFormat } from './format.js';
import { Output } from './output.js';

/** The exporter for the global output flags: --json, --format, --fields, --jq, --no-color. */
export function createOutput(io: IO, g: GlobalOptions): Output {
  const fields = g.fields
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return new Output(io, resolveFormat(g, io), new Chalk({ level: colorEnabled(g, io) ? 1 : 0 }), { fields, jq: g.jq });
}
