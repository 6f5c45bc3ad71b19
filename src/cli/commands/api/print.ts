import { STATUS_CODES } from 'node:http';
import { readText, toApiError, type RawResponse } from '../../../client/api-client.js';
import type { Chunk } from '../../framework/ending.js';
import type { GlobalOptions } from '../../global-options.js';
import type { IO } from '../../io.js';
import type { Output } from '../../output/output.js';
import { terminalJson, terminalLines, terminalText } from '../../output/terminal-text.js';
import { pageItems } from './pages.js';

/** JSON text as written to stdout: exact when piped, DEL and C1 escaped on a terminal. */
const jsonFor = (io: IO, json: string) => (io.stdoutIsTTY ? terminalJson(json) : json);

const isJson = (res: RawResponse) => /\bjson\b/i.test(String(res.headers['content-type'] ?? ''));

/** The answer is shaped by the output flags every command takes rather than printed as sent. */
export const shaped = (g: GlobalOptions) =>
  Boolean(g.json) || g.jq !== undefined || g.fields !== undefined || g.format !== undefined;

/** The status line and headers (`-i`), and the blank line after them. */
export function head(res: RawResponse): string {
  const lines = [`HTTP/1.1 ${res.status} ${STATUS_CODES[res.status] ?? ''}`.trimEnd()];
  for (const [name, value] of Object.entries(res.headers)) {
    for (const v of Array.isArray(value) ? value : [value])
      if (v !== undefined) lines.push(terminalText(`${name}: ${v}`));
  }
  return `${lines.join('\n')}\n\n`;
}

/**
 * Piped: the body as sent (streamed), with a final newline for JSON. On a terminal: JSON pretty,
 * any other text shown but not obeyed (terminal-text.ts).
 */
export async function* body(io: IO, res: RawResponse, text?: string): AsyncIterable<Chunk> {
  const json = isJson(res);
  if (text === undefined && !io.stdoutIsTTY) {
    let last = 10;
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      if (chunk.length) last = chunk[chunk.length - 1];
      yield chunk;
    }
    if (json && last !== 10) yield '\n';
    return;
  }
  text ??= await readText(res);
  if (!text) return;
  if (json && io.stdoutIsTTY) {
    let pretty: string | undefined;
    try {
      pretty = `${jsonFor(io, JSON.stringify(JSON.parse(text), null, 2))}\n`;
    } catch {
      // not JSON after all: print it as text
    }
    if (pretty !== undefined) return void (yield pretty);
  }
  if (io.stdoutIsTTY) text = terminalLines(text);
  yield json && !text.endsWith('\n') ? `${text}\n` : text;
}

/** An error answer: its body on stdout (unless --silent), then the usual one-line error (and exit code) via the thrown ApiError. */
export async function* failure(io: IO, res: RawResponse, silent = false): AsyncIterable<Chunk> {
  const text = await readText(res);
  if (!silent) yield* body(io, res, text);
  throw await toApiError({ ...res, body: { text: async () => text } as unknown as RawResponse['body'] });
}

/** One answer through the output flags: `--fields` on its records, then `--jq`, or JSON (one line for ndjson). */
export function answer(io: IO, out: Output, data: unknown): Chunk {
  const value = out.projectAnswer(data);
  if (out.format === 'ndjson' && !out.filtered) return `${jsonFor(io, JSON.stringify(value))}\n`;
  return { json: value };
}

/**
 * The pages of a list: `--slurp` makes them one JSON array (which `--jq` then filters);
 * otherwise `--jq` filters each page as it arrives, and without it the items of every page
 * are one JSON array (one item a line for ndjson), streamed.
 */
export async function* pagesOf(
  io: IO,
  out: Output,
  pages: AsyncIterable<unknown>,
  slurp?: boolean,
): AsyncIterable<Chunk> {
  if (slurp) {
    const all: unknown[] = [];
    for await (const page of pages) all.push(out.projectAnswer(page));
    return void (yield { json: all });
  }
  if (out.filtered) {
    for await (const page of pages) yield { json: out.projectAnswer(page) };
    return;
  }
  const lines = out.format === 'ndjson';
  const pretty = io.stdoutIsTTY && !lines;
  let count = 0;
  if (!lines) yield '[';
  try {
    for await (const page of pages) {
      for (const item of pageItems(page)) {
        const value = out.projectAnswer(item);
        if (lines) yield `${jsonFor(io, JSON.stringify(value))}\n`;
        else if (pretty)
          yield `${count ? ',' : ''}\n  ${jsonFor(io, JSON.stringify(value, null, 2)).replace(/\n/g, '\n  ')}`;
        else yield `${count ? ',' : ''}${JSON.stringify(value)}`;
        count++;
      }
    }
  } finally {
    // Keep stdout a valid JSON array even when a later page fails.
    if (!lines) yield pretty && count ? '\n]\n' : ']\n';
  }
}
