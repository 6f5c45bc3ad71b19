import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { STATUS_CODES } from 'node:http';
import type { Readable } from 'node:stream';
import { readText, toApiError, type RawResponse } from '../../../client/api-client.js';
import { PageGuard } from '../../../client/page-guard.js';
import { offsetPages, PAGE_SIZE, type OffsetPage } from '../../../client/paginate.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { defineCommand } from '../../framework/define-command.js';
import { terminalText } from '../../output/terminal-text.js';
import type { IO } from '../../io.js';
import { appendQuery, buildFields, type FieldTree } from './fields.js';

export interface ApiOptions {
  path: string;
  method?: string;
  /** -f key=value (strings). */
  fields: string[];
  /** -F key=value (typed). */
  typedFields: string[];
  /** --input FILE or - (stdin): the raw request body. */
  input?: string;
  paginate?: boolean;
  /** -i: status line and headers first. */
  include?: boolean;
}

/**
 * PATH relative to the portal: `/api/v1/posts` and `api/v1/posts` as written, and anything
 * not starting with `api/` under `/api/v1/` (so `posts` is `/api/v1/posts`). A full URL must be
 * on the portal's own address.
 */
export function apiPath(path: string, baseUrl: string): string {
  let p = path;
  if (/^[a-z][a-z0-9+.-]*:/i.test(p)) {
    const base = baseUrl.replace(/\/+$/, '');
    if (p !== base && !p.startsWith(`${base}/`) && !p.startsWith(`${base}?`)) {
      throw new UsageError(`PATH must be on the portal's address (${base}): ${path}`);
    }
    p = p.slice(base.length);
  }
  p = p.replace(/^\/+/, '');
  return p === 'api' || p.startsWith('api/') || p.startsWith('api?') ? `/${p}` : `/api/v1/${p}`;
}

async function write(io: IO, chunk: string | Uint8Array): Promise<void> {
  const out = io.stdout as { write(c: string | Uint8Array): unknown; once?(event: string, cb: () => void): unknown };
  if (out.write(chunk) === false && typeof out.once === 'function')
    await new Promise<void>((r) => out.once!('drain', r));
}

const isJson = (res: RawResponse) => /\bjson\b/i.test(String(res.headers['content-type'] ?? ''));

function writeHead(io: IO, res: RawResponse): void {
  const lines = [`HTTP/1.1 ${res.status} ${STATUS_CODES[res.status] ?? ''}`.trimEnd()];
  for (const [name, value] of Object.entries(res.headers)) {
    for (const v of Array.isArray(value) ? value : [value])
      if (v !== undefined) lines.push(terminalText(`${name}: ${v}`));
  }
  io.stdout.write(`${lines.join('\n')}\n\n`);
}

/** JSON pretty on a terminal; otherwise the body as sent (streamed), with a final newline for JSON. */
async function writeBody(io: IO, res: RawResponse, text?: string): Promise<void> {
  const json = isJson(res);
  if (text === undefined && !(json && io.stdoutIsTTY)) {
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
      await write(io, `${JSON.stringify(JSON.parse(text), null, 2)}\n`);
      return;
    } catch {
      // not JSON after all: print it as it came
    }
  }
  await write(io, json && !text.endsWith('\n') ? `${text}\n` : text);
}

/** An error answer: its body on stdout, then the usual one-line error (and exit code) via the thrown ApiError. */
async function failWith(io: IO, res: RawResponse): Promise<never> {
  const text = await readText(res);
  await writeBody(io, res, text);
  throw await toApiError({ ...res, body: { text: async () => text } as unknown as RawResponse['body'] });
}

export async function apiRun(opts: ApiOptions, f: Factory): Promise<void> {
  const sendsData = opts.fields.length > 0 || opts.typedFields.length > 0 || opts.input !== undefined;
  const method = (opts.method ?? (sendsData && !opts.paginate ? 'POST' : 'GET')).toUpperCase();
  if (!/^[A-Z]+$/.test(method)) throw new UsageError(`invalid method "${opts.method}"`);
  if (opts.paginate && method !== 'GET') throw new UsageError('--paginate works with GET requests only');
  if (opts.paginate && opts.include)
    throw new UsageError('--paginate and -i cannot be combined: the pages are printed as one JSON array');
  const stdinUsers = (opts.input === '-' ? 1 : 0) + opts.typedFields.filter((x) => x.endsWith('=@-')).length;
  if (stdinUsers > 1) throw new UsageError('stdin can be read only once: use --input - or one -F key=@-');
  if (opts.input !== undefined && opts.input !== '-') {
    await access(opts.input).catch((err: NodeJS.ErrnoException) => {
      throw new UsageError(`cannot read --input ${opts.input}: ${err.code ?? err.message}`);
    });
  }
  const fields: FieldTree = await buildFields(opts.fields, opts.typedFields, f.io);
  const hasFields = Object.keys(fields).length > 0;

  const client = await f.client();
  const url = new URL(apiPath(opts.path, client.baseUrl), 'http://portal.invalid');
  // GET and HEAD carry fields in the query; so does a request whose body comes from --input.
  const fieldsInQuery = method === 'GET' || method === 'HEAD' || opts.input !== undefined;
  if (hasFields && fieldsInQuery) appendQuery(url.searchParams, fields);
  const target = () => url.pathname + url.search;

  let rawBody: Readable | undefined;
  if (opts.input === '-') rawBody = f.io.stdin;
  else if (opts.input !== undefined) rawBody = createReadStream(opts.input);
  const send = () =>
    client.send(method, target(), {
      body: hasFields && !fieldsInQuery ? fields : undefined,
      rawBody,
      headers: rawBody ? { 'content-type': 'application/json' } : undefined,
      allowErrors: true,
    });

  const res = await send();
  if (!opts.paginate) {
    if (opts.include) writeHead(f.io, res);
    if (res.status >= 400) await failWith(f.io, res);
    if (method === 'HEAD') return void (await res.body.dump());
    await writeBody(f.io, res);
    return;
  }
  await paginate(f, res, url, send);
}

/** Follow `hasMore`/`skip` with the one offset paginator and print every page's `data` items as one JSON array. */
async function paginate(f: Factory, first: RawResponse, url: URL, send: () => Promise<RawResponse>): Promise<void> {
  const io = f.io;
  if (first.status >= 400) await failWith(io, first);
  const text = await readText(first);
  let firstPage: Partial<OffsetPage<unknown>>;
  try {
    firstPage = JSON.parse(text) as Partial<OffsetPage<unknown>>;
  } catch {
    firstPage = {};
  }
  if (!Array.isArray(firstPage.data)) {
    // Not a list answer: nothing to follow.
    await writeBody(io, first, text);
    return;
  }
  const userLimit = url.searchParams.has('limit');
  let pending: OffsetPage<unknown> | undefined = firstPage as OffsetPage<unknown>;
  const pages = offsetPages(
    async (skip) => {
      if (pending) {
        const page = pending;
        pending = undefined;
        return page;
      }
      url.searchParams.set('skip', String(skip));
      if (!userLimit) url.searchParams.set('limit', String(PAGE_SIZE));
      const res = await send();
      if (res.status >= 400) throw await toApiError(res);
      const page = JSON.parse(await readText(res)) as OffsetPage<unknown>;
      if (!Array.isArray(page.data)) throw new Error(`page at skip=${skip} has no data list`);
      return page;
    },
    Number(url.searchParams.get('skip') ?? 0),
    undefined,
    new PageGuard(`GET ${url.pathname}`),
  );
  const pretty = io.stdoutIsTTY;
  let count = 0;
  await write(io, '[');
  try {
    for await (const items of pages) {
      for (const item of items) {
        const s = pretty ? JSON.stringify(item, null, 2).replace(/\n/g, '\n  ') : JSON.stringify(item);
        await write(io, `${count++ ? ',' : ''}${pretty ? '\n  ' : ''}${s}`);
      }
    }
  } finally {
    // Keep stdout a valid JSON array even when a later page fails.
    await write(io, pretty && count ? '\n]\n' : ']\n');
  }
}

const collect = (value: string, previous: unknown): string[] => [
  ...(Array.isArray(previous) ? (previous as string[]) : []),
  value,
];

interface ApiFlags {
  path: string;
  method?: string;
  rawField?: string[];
  field?: string[];
  input?: string;
  paginate?: boolean;
  include?: boolean;
}

export default defineCommand<ApiFlags>({
  name: 'api',
  description: 'Make an authenticated request to any API path and print the response body',
  args: [
    { name: 'path', description: 'path on the portal: /api/v1/posts, api/v1/posts, or short: posts (= /api/v1/posts)' },
  ],
  flags: [
    {
      flags: '-X, --method <method>',
      description: 'HTTP method (default GET, or POST when fields or --input are given without --paginate)',
    },
    { flags: '-f, --raw-field <key=value>', description: 'string field (repeatable)', parse: collect },
    {
      flags: '-F, --field <key=value>',
      description: 'typed field: true, false, null, numbers; @FILE reads a file, @- stdin (repeatable)',
      parse: collect,
    },
    {
      flags: '--input <file>',
      description: 'request body from FILE, or - for stdin (fields then go to the query string)',
    },
    { flags: '--paginate', description: 'follow hasMore/skip and print the data of every page as one JSON array' },
    { flags: '-i, --include', description: 'print the status line and response headers first' },
  ],
  examples: [
    'fp api /api/v1/portal',
    'fp api posts -X GET -F status[]=1 -F status[]=2 -F limit=50',
    'fp api /api/v1/categories -X POST -f name=Foo',
    'fp api --paginate /api/v1/posts | jq length',
    'echo \'{"name":"Bar"}\' | fp api /api/v1/categories --input -',
  ],
  help: `Fields: for GET they become query parameters (name[]=v appends to an array, name[key]=v nests),
otherwise a JSON body. A path not starting with api/ is taken under /api/v1/.
Output: the response body; JSON is pretty-printed on a terminal and passed through as sent otherwise.
--paginate follows endpoints that answer {data, hasMore, skip} (the post list); pages after the
first ask for ${PAGE_SIZE} items unless -f limit=N is given. Other answers print as they are.
A non-2xx answer prints its body on stdout, the error on stderr, and exits 1 (4 for 401/403).`,
  run: ({ opts: o, f }) =>
    apiRun(
      {
        path: o.path,
        method: o.method,
        fields: o.rawField ?? [],
        typedFields: o.field ?? [],
        input: o.input,
        paginate: o.paginate,
        include: o.include,
      },
      f,
    ),
});
