import { STATUS_CODES } from 'node:http';
import { readText, toApiError, type RawResponse } from '../../../client/api-client.js';
import type { Factory } from '../../factory.js';
import type { GlobalOptions } from '../../global-options.js';
import type { IO } from '../../io.js';
import type { Output } from '../../output/output.js';
import { terminalJson, terminalLines, terminalText } from '../../output/terminal-text.js';
import { pageItems } from './pages.js';

export async function write(io: IO, chunk: string | Uint8Array): Promise<void> {
  const out = io.stdout as { write(c: string | Uint8Array): unknown; once?(event: string, cb: () => void): unknown };
  if (out.write(chunk) === false && typeof out.once === 'function')
    await new Promise<void>((r) => out.once!('drain', r));
}

/** JSON text as written to stdout: exact when piped, DEL and C1 escaped on a terminal. */
const jsonFor = (io: IO, json: string) => (io.stdoutIsTTY ? terminalJson(json) : json);

export const isJson = (res: RawResponse) => /\bjson\b/i.test(String(res.headers['content-type'] ?? ''));

/** The answer is shaped by the output flags every command takes rather than printed as sent. */
export const shaped = (g: GlobalOptions) =>
  Boolean(g.json) || g.jq !== undefined || g.fields !== undefined || g.format !== undefined;

export function writeHead(io: IO, res: RawResponse): void {
  const lines = [`HTTP/1.1 ${res.status} ${STATUS_CODES[res.status] ?? ''}`.trimEnd()];
  for (const [name, value] of Object.entries(res.headers)) {
    for (const v of Array.isArray(value) ? value : [value])
      if (v !== undefined) lines.push(terminalText(`${name}: ${v}`));
  }
  io.stdout.write(`${lines.join('\n')}\n\n`);
}

/**
 * Piped: the body as sent (streamed), with a final newline for JSON. On a terminal: JSON pretty,
 * any other text shown but not obeyed (terminal-text.ts).
 */
export async function writeBody(io: IO, res: RawResponse, text?: string): Promise<void> {
  const json = isJson(res);
  if (text === undefined && !io.stdoutIsTTY) {
    let last = 10;
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      if (chunk.length) last = chunk[chunk.length - 1];
      await write(io, chunk);
    }
    if (json && last !== 10) await write(io, '\n');
    return;
  }
  text ??= await readText(res);
  if (!text) return;
  if (json && io.stdoutIsTTY) {
    try {
      await write(io, `${jsonFor(io, JSON.stringify(JSON.parse(text), null, 2))}\n`);
      return;
    } catch {
      // not JSON after all: print it as text
    }
  }
  if (io.stdoutIsTTY) text = terminalLines(text);
  await write(io, json && !text.endsWith('\n') ? `${text}\n` : text);
}

/** An error answer: its body on stdout (unless --silent), then the usual one-line error (and exit code) via the thrown ApiError. */
export async function failWith(io: IO, res: RawResponse, silent = false): Promise<never> {
  const text = await readText(res);
  if (!silent) await writeBody(io, res, text);
  throw await toApiError({ ...res, body: { text: async () => text } as unknown as RawResponse['body'] });
}

/** One answer through the output ending: `--fields` on its records, then `--jq`, or JSON (one line for ndjson). */
export async function printAnswer(io: IO, out: Output, body: unknown): Promise<void> {
  const value = out.projectAnswer(body);
  if (out.format === 'ndjson' && !out.filtered) return write(io, `${jsonFor(io, JSON.stringify(value))}\n`);
  await out.json(value);
}

/**
 * The pages of a list: `--slurp` makes them one JSON array (which `--jq` then filters);
 * otherwise `--jq` filters each page as it arrives, and without it the items of every page
 * are one JSON array (one item a line for ndjson), streamed.
 */
export async function printPages(f: Factory, pages: AsyncIterable<unknown>, slurp?: boolean): Promise<void> {
  const out = await f.output();
  if (slurp) {
    const all: unknown[] = [];
    for await (const page of pages) all.push(out.projectAnswer(page));
    return out.json(all);
  }
  if (out.filtered) {
    for await (const page of pages) await out.json(out.projectAnswer(page));
    return;
  }
  const io = f.io;
  const lines = out.format === 'ndjson';
  const pretty = io.stdoutIsTTY && !lines;
  let count = 0;
  if (!lines) await write(io, '[');
  try {
    for await (const page of pages) {
      for (const item of pageItems(page)) {
        const value = out.projectAnswer(item);
        if (lines) await write(io, `${jsonFor(io, JSON.stringify(value))}\n`);
        else if (pretty)
          await write(
            io,
            `${count ? ',' : ''}\n  ${jsonFor(io, JSON.stringify(value, null, 2)).replace(/\n/g, '\n  ')}`,
          );
        else await write(io, `${count ? ',' : ''}${JSON.stringify(value)}`);
        count++;
      }
    }
  } finally {
    // Keep stdout a valid JSON array even when a later page fails.
    if (!lines) await write(io, pretty && count ? '\n]\n' : ']\n');
  }
}
