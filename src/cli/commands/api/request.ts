import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { readText, toApiError, type RawResponse } from '../../../client/api-client.js';
import { PAGE_SIZE } from '../../../client/paginate.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { defineCommand } from '../../framework/define-command.js';
import type { Chunk, Ending } from '../../framework/ending.js';
import { headersOf, parseHeaderLine } from '../../parse.js';
import { didYouMean } from '../../resolve/by-name.js';
import { appendQuery, buildFields, type FieldTree } from './fields.js';
import { followPages, isList, pageKind, type PageKind } from './pages.js';
import { answer, body, failure, head, pagesOf, shaped } from './print.js';

interface ApiOptions {
  path: string;
  method?: string;
  /** -f key=value (strings). */
  fields: string[];
  /** -F key=value (typed). */
  typedFields: string[];
  /** --input FILE or - (stdin): the raw request body. */
  input?: string;
  paginate?: boolean;
  /** --slurp: the pages as one JSON array. */
  slurp?: boolean;
  /** -i: status line and headers first. */
  include?: boolean;
  /** -H 'Name: value' lines. */
  headers: string[];
  /** --silent: no response body; the exit code tells. */
  silent?: boolean;
}

/**
 * PATH relative to the portal: `/api/v1/posts` and `api/v1/posts` as written, and anything
 * not starting with `api/` under `/api/v1/` (so `posts` is `/api/v1/posts`). A full URL must be
 * on the portal's own address.
 */
function apiPath(path: string, baseUrl: string): string {
  let p = path;
  if (/^[a-z][a-z0-9+.-]*:/i.test(p)) {
    const base = baseUrl.replace(/(?<!\/)\/+$/, '');
    if (p !== base && !p.startsWith(`${base}/`) && !p.startsWith(`${base}?`)) {
      throw new UsageError(`PATH must be on the portal's address (${base}): ${path}`);
    }
    p = p.slice(base.length);
  }
  p = p.replace(/^\/+/, '');
  return p === 'api' || p.startsWith('api/') || p.startsWith('api?') ? `/${p}` : `/api/v1/${p}`;
}

/** The methods an HTTP API answers; anything else is a typo, caught before it is sent. */
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/** The flags are checked before anything is sent; the method they make. */
function checkOptions(opts: ApiOptions, f: Factory): string {
  const sendsData = opts.fields.length > 0 || opts.typedFields.length > 0 || opts.input !== undefined;
  const method = (opts.method ?? (sendsData && !opts.paginate ? 'POST' : 'GET')).toUpperCase();
  if (!METHODS.includes(method)) {
    const near = didYouMean(METHODS, method);
    throw new UsageError(`invalid method "${opts.method}": expected ${METHODS.join(', ')}.${near}`);
  }
  if (opts.paginate && method !== 'GET') throw new UsageError('--paginate works with GET requests only');
  if (opts.paginate && opts.include)
    throw new UsageError('--paginate and -i cannot be combined: the pages are printed as one JSON array');
  if (opts.slurp && !opts.paginate) throw new UsageError('--slurp gathers the pages of --paginate: add --paginate');
  const format = f.globals().format;
  if (format !== undefined && format !== 'json' && format !== 'ndjson')
    throw new UsageError(`fp api prints JSON: --format ${format} is not one of its formats (json, ndjson)`);
  const stdinUsers = (opts.input === '-' ? 1 : 0) + opts.typedFields.filter((x) => x.endsWith('=@-')).length;
  if (stdinUsers > 1) throw new UsageError('stdin can be read only once: use --input - or one -F key=@-');
  return method;
}

/** The answer as JSON, for the output ending; a body that is not JSON cannot be shaped. */
async function readJson(res: RawResponse, what: string): Promise<unknown> {
  const text = await readText(res);
  try {
    return JSON.parse(text);
  } catch {
    const type = String(res.headers['content-type'] ?? 'none');
    throw new Error(`${what} answered with something other than JSON (content-type ${type})`);
  }
}

/** The request, checked and sent; its answer is the command's stream. */
async function apiRun(opts: ApiOptions, f: Factory): Promise<Ending> {
  const method = checkOptions(opts, f);
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

  let rawBody: Readable | undefined;
  if (opts.input === '-') rawBody = f.io.stdin;
  else if (opts.input !== undefined) rawBody = createReadStream(opts.input);
  const headers = { ...(rawBody ? { 'content-type': 'application/json' } : {}), ...headersOf(opts.headers) };
  const send = () =>
    client.send(method, url.pathname + url.search, {
      body: hasFields && !fieldsInQuery ? fields : undefined,
      rawBody,
      headers,
      allowErrors: true,
    });
  return { stream: answered(opts, f, { method, url, send }, await send()) };
}

interface Sent {
  method: string;
  url: URL;
  send(): Promise<RawResponse>;
}

/** The answer as fp prints it: headers with -i, the body (as sent, or shaped by the output flags), or every page. */
async function* answered(
  opts: ApiOptions,
  f: Factory,
  { method, url, send }: Sent,
  res: RawResponse,
): AsyncIterable<Chunk> {
  const target = () => url.pathname + url.search;
  if (opts.include && !opts.silent) yield head(res);
  if (res.status >= 400) yield* failure(f.io, res, opts.silent);
  if (method === 'HEAD' || (opts.silent && !opts.paginate)) return void (await res.body.dump());
  if (!opts.paginate && !shaped(f.globals())) return yield* body(f.io, res);
  const first = await readJson(res, `${method} ${target()}`);
  if (!opts.paginate || (!isList(first) && !opts.slurp)) return void (yield answer(f.io, await f.output(), first));
  const fetchPage = async (kind: PageKind) => {
    const next = await send();
    if (next.status >= 400) throw await toApiError(next);
    const page = await readJson(next, `GET ${target()}`);
    if (pageKind(page) !== kind) throw new Error(`GET ${target()} did not answer with a page like the first`);
    return page;
  };
  const pages = followPages(first, url, fetchPage);
  if (opts.silent) for await (const _page of pages);
  else yield* pagesOf(f.io, await f.output(), pages, opts.slurp);
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
  header?: string[];
  input?: string;
  paginate?: boolean;
  slurp?: boolean;
  include?: boolean;
  silent?: boolean;
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
    { flags: '-H, --header <name: value>', description: 'request header (repeatable)', parse: parseHeaderLine },
    {
      flags: '--input <file>',
      description: 'request body from FILE, or - for stdin (fields then go to the query string)',
    },
    { flags: '--paginate', description: 'follow the pages of a list and print the items of every page as one array' },
    { flags: '--slurp', description: 'with --paginate: print the pages, whole, as one JSON array' },
    { flags: '-i, --include', description: 'print the status line and response headers first' },
    { flags: '--silent', description: 'print no response body: the exit code tells how it went' },
  ],
  examples: [
    'fp api /api/v1/portal',
    'fp api portal --jq .data.title',
    'fp api posts -X GET -F limit=5 --fields key,title',
    'fp api /api/v1/categories -X POST -f name=Foo',
    'fp api --paginate /api/v1/posts | jq length',
    "fp api posts --paginate --jq '.data[].key'",
    "fp api posts --paginate --slurp --jq 'map(.data | length) | add'",
    'fp api moderation/pending --paginate --fields id,title',
    "fp api portal -H 'Accept-Language: de' -i",
    'fp api portal --silent && echo reachable',
    'echo \'{"name":"Bar"}\' | fp api /api/v1/categories --input -',
  ],
  help: `Fields: for GET they become query parameters (name[]=v appends to an array, name[key]=v nests),
otherwise a JSON body. A path not starting with api/ is taken under /api/v1/.
Output: the response body; JSON is pretty-printed on a terminal and passed through as sent otherwise.
--json, --jq, --fields and --format json|ndjson shape it as for any command: --fields keeps those
fields of each record of the answer's data, --jq filters the whole answer.
--paginate follows the API's three kinds of pages: {data, hasMore, skip} (posts, users; pages after
the first ask for ${PAGE_SIZE} items unless -f limit=N is given), the id cursors of the pending queue
(meta.last_post_id, last_comment_id) and the page numbers of the rejected queue. It prints the items
of every page as one JSON array; with --jq, the filter runs on each page; with --slurp, the pages are
one array (filtered once by --jq). Pagination that repeats itself or stands still stops it (exit 1).
Other answers print as they are.
A non-2xx answer prints its body on stdout (not with --silent), the error on stderr, and exits 1
(4 for 401/403).`,
  run: ({ opts: o, f }) =>
    apiRun(
      {
        path: o.path,
        method: o.method,
        fields: o.rawField ?? [],
        typedFields: o.field ?? [],
        headers: o.header ?? [],
        input: o.input,
        paginate: o.paginate,
        slurp: o.slurp,
        include: o.include,
        silent: o.silent,
      },
      f,
    ),
});
