import { readFile } from 'node:fs/promises';
import { UsageError } from './errors.js';
import { readAllStdin, type IO } from './io.js';

/** `--text TEXT`, `--text-file PATH|-` or `--body-file PATH|-` (exactly one of them). */
export async function readTextOption(
  io: IO,
  opts: { text?: string; textFile?: string; bodyFile?: string },
  required = true,
): Promise<string | undefined> {
  onlyOne([
    opts.text !== undefined && '--text',
    opts.textFile !== undefined && '--text-file',
    opts.bodyFile !== undefined && '--body-file',
  ]);
  if (opts.text !== undefined) return opts.text;
  const file = opts.textFile ?? opts.bodyFile;
  if (file !== undefined) return readTextFile(io, file, opts.textFile !== undefined ? '--text-file' : '--body-file');
  if (required) throw new UsageError('missing text: pass --text TEXT or --text-file PATH (- for stdin)');
  return undefined;
}

/** Of the flags that say where a text comes from, at most one was given (the others are `false`). */
export function onlyOne(given: Array<string | false>): void {
  const flags = given.filter((flag): flag is string => Boolean(flag));
  if (flags.length === 2) throw new UsageError(`use either ${flags.join(' or ')}, not both`);
  if (flags.length > 2) throw new UsageError(`use only one of ${flags.join(', ')}`);
}

/** A text file's content without the newline that ends it; `-` is stdin. */
export async function readTextFile(io: IO, path: string, flag: string): Promise<string> {
  if (path === '-') return readStdinText(io);
  try {
    return (await readFile(path, 'utf8')).replace(/\r?\n$/, '');
  } catch (err) {
    throw new UsageError(
      `cannot read ${flag} ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
}

/** All of stdin as one text, without the newline that ends it. */
export async function readStdinText(io: IO): Promise<string> {
  return (await readAllStdin(io)).replace(/\r?\n$/, '');
}
