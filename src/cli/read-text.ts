import { readFile } from 'node:fs/promises';
import { UsageError } from './errors.js';
import { readAllStdin, type IO } from './io.js';

/** `--text TEXT` or `--text-file PATH|-` (exactly one of them). */
export async function readTextOption(
  io: IO,
  opts: { text?: string; textFile?: string },
  required = true,
): Promise<string | undefined> {
  if (opts.text !== undefined && opts.textFile !== undefined)
    throw new UsageError('use either --text or --text-file, not both');
  if (opts.text !== undefined) return opts.text;
  if (opts.textFile === '-') return readStdinText(io);
  if (opts.textFile !== undefined) {
    try {
      return (await readFile(opts.textFile, 'utf8')).replace(/\r?\n$/, '');
    } catch (err) {
      throw new UsageError(
        `cannot read --text-file ${opts.textFile}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
      );
    }
  }
  if (required) throw new UsageError('missing text: pass --text TEXT or --text-file PATH (- for stdin)');
  return undefined;
}

/** All of stdin as one text, without the newline that ends it. */
export async function readStdinText(io: IO): Promise<string> {
  return (await readAllStdin(io)).replace(/\r?\n$/, '');
}
