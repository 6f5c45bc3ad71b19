import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { inCI, type IO } from '../io.js';
import type { OutputFormat } from './format.js';

/** The pager fp would use, and where its name came from (said when it cannot start). */
export interface Pager {
  command: string;
  source: 'FP_PAGER' | 'PAGER' | 'default';
}

/** Whether an executable of this name is on the PATH (`less` is the default pager only where it is installed). */
function onPath(name: string, env: IO['env']): boolean {
  const names = process.platform === 'win32' ? [`${name}.exe`, name] : [name];
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const file of names) {
      try {
        accessSync(join(dir, file), constants.X_OK);
        return true;
      } catch {
        // not in this folder
      }
    }
  }
  return false;
}

/**
 * The pager for a report written for people (D-PAGER), or undefined to write it directly:
 * only tables, records and reports on a terminal, outside CI, without --fields (a script's
 * choice of columns). `FP_PAGER`, else `PAGER`, else `less` when it is installed, as git does;
 * an empty command or `cat` means no pager.
 */
export function choosePager(
  io: IO,
  output: { format: OutputFormat; fields: boolean },
  installed: (name: string, env: IO['env']) => boolean = onPath,
): Pager | undefined {
  if (output.format !== 'table' || output.fields || !io.stdoutIsTTY || inCI(io)) return undefined;
  const chosen: Pager | undefined =
    io.env.FP_PAGER !== undefined
      ? { command: io.env.FP_PAGER, source: 'FP_PAGER' }
      : io.env.PAGER !== undefined
        ? { command: io.env.PAGER, source: 'PAGER' }
        : installed('less', io.env)
          ? { command: 'less', source: 'default' }
          : undefined;
  const command = chosen?.command.trim();
  return command && command !== 'cat' ? { ...chosen!, command } : undefined;
}

/**
 * Whether the text needs more lines than the terminal shows under the shell's prompt (as
 * `less -F` counts them): shorter text is written directly, whatever the pager. A long line
 * takes as many rows as the terminal wraps it to; a terminal of unknown height is never paged.
 */
export function fillsScreen(text: string, io: IO, width: (line: string) => number): boolean {
  const height = io.rows ?? 0;
  if (height < 2) return false;
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  let rows = 0;
  for (const line of lines) {
    rows += Math.max(1, Math.ceil(width(line) / Math.max(1, io.columns)));
    if (rows >= height) return true;
  }
  return false;
}
