import { mkdtemp, readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import fc from 'fast-check';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { endpointList, type Endpoint } from '../../../src/contract/endpoints.js';
import { nameKey } from '../../../src/contract/name-key.js';
import { LinkCache } from '../../../src/server/kb/link-health/link-cache.js';
import { ScanRegistry } from '../../../src/server/kb/link-health/scan.js';
import { isHostHeader } from '../../../src/server/http/host-syntax.js';
import { nestsDeeperThan } from '../../../src/server/http/read-body.js';
import {
  ADMIN_KEY,
  ANN,
  BOB,
  CARA,
  EXPIRED_KEY,
  GROUP_BETA,
  GROUP_EMPTY,
  OTHER_KEY,
  READONLY_KEY,
} from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

// Hostile input, generated: every endpoint of the table with random path
// parameters, query strings, Host headers and bodies (nested past the limit,
// over the cap, chunked), then multipart uploads with random part shapes, ZIP
// entries and front matter, then raw requests no client library would send
// (control characters, doubles and absences in Host, absolute-form targets,
// HTTP/1.0, declared lengths over the cap) to the API, OAuth, MCP and inspection
// routes. The server must answer each one (no reset), never with a 5xx, always
// with JSON carrying a message when it refuses; afterwards the store's invariants
// still hold. The count per shape is printed at the end of the run.

const BATCH = 8;
let server: TestServer;
let uploads: string;
let sent = 0;
/** Requests sent per shape, printed at the end so a run's output says what was tried. */
const shapes = new Map<string, number>();
const tally = (...names: string[]) => {
  for (const name of names) shapes.set(name, (shapes.get(name) ?? 0) + 1);
};
const agent = new Agent({ connections: BATCH, keepAliveTimeout: 30_000 });

// Link checks are answered here without any network: the fuzzer creates articles with arbitrary links.
const offline = new LinkCache({
  check: async (url) => ({
    url,
    ok: false,
    status: null,
    error: 'offline',
    final_url: url,
    redirects: 0,
    checked_at: new Date(0).toISOString(),
  }),
});

let votesBaseline: Map<string, number>;

beforeAll(async () => {
  uploads = await mkdtemp(join(tmpdir(), 'fp-fuzz-uploads-'));
  server = await startTestServer(undefined, {
    uploadTmpDir: uploads,
    linkCache: offline,
    scanRegistry: new ScanRegistry({ maxQueuedPerPortal: 2, defaults: { cache: offline } }),
  });
  votesBaseline = votesNotFromRequests();
});
afterAll(async () => {
  const byShape = [...shapes].sort(([a], [b]) => a.localeCompare(b));
  console.log(
    [
      `fuzz: ${sent} generated hostile requests, no 5xx, no reset, every refusal a JSON message`,
      ...byShape.map(([name, count]) => `  ${name.padEnd(34)} ${count}`),
    ].join('\n'),
  );
  await server.close();
  await agent.close();
  await rm(uploads, { recursive: true, force: true });
});

// ---- generators ----------------------------------------------------------------

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u200b', '\ufeff', 'a') }),
  fc.constantFrom(
    '',
    '   ',
    '__proto__',
    'constructor',
    'null',
    'true',
    '0',
    '-1',
    '1e309',
    'NaN',
    '9'.repeat(40),
    '<script>alert(1)</script>',
    '[x](javascript:alert(1))',
    '%00',
    '\u0000',
    '../../etc/passwd',
    'Ünïcödé',
    '𝔘',
  ),
  fc.nat({ max: 7000 }).map((n) => 'x'.repeat(n)),
);

const knownIds = fc.constantFrom(
  ANN,
  BOB,
  CARA,
  GROUP_BETA,
  GROUP_EMPTY,
  'dark1',
  'sso22',
  'pend3',
  'rej44',
  'kb001',
  '1',
  '2',
  '3',
  '100',
  '103',
  '104',
  '105',
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: knownIds.map((id) => (Math.random() < 0.5 ? ` ${id} ` : id)) },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(hostileString, fc.integer(), knownIds), { maxLength: 5 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer({ min: 1, max: 200 }).map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown),
);

/**
 * A generated value as a form field's text. An object goes as its JSON: one with a key named
 * `toString` or `valueOf` (fc.jsonValue makes them) has no text of its own, and String() throws.
 */
function formText(v: unknown): string {
  return typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
}

function bodyKeys(endpoint: Endpoint): string[] {
  const shape = (endpoint.body as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

function queryKeys(endpoint: Endpoint): string[] {
  const shape = (endpoint.query as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

const segment = fc.oneof(
  { weight: 3, arbitrary: knownIds },
  { weight: 2, arbitrary: hostileString.map(encodeURIComponent) },
  fc.constantFrom(
    'post',
    'comment',
    '%',
    '%zz',
    '%E0%A4%A',
    '..',
    '%2F',
    '-1',
    '0',
    '3',
    '7',
    fc.sample(fc.uuid(), 1)[0],
  ),
  fc.uuid(),
  fc.nat().map(String),
);

const authorization = fc.oneof(
  { weight: 8, arbitrary: fc.constant(`Bearer ${ADMIN_KEY}`) },
  fc.constantFrom(
    `Bearer ${READONLY_KEY}`,
    `Bearer ${EXPIRED_KEY}`,
    `Bearer ${OTHER_KEY}`,
    'Bearer',
    'Basic dGVzdDp0ZXN0',
    `bearer   ${ADMIN_KEY}  `,
    '',
  ),
  // Header values are bytes: what a client can put in one is printable ASCII (undici refuses the rest).
  hostileString.map((s) => `Bearer ${s.replace(/[^\x20-\x7e]/g, '')}`),
);

// Host shapes a client library lets through (printable ASCII); bytes it refuses go in the raw exchanges below.
const host = fc.oneof(
  { weight: 12, arbitrary: fc.constant(undefined) },
  fc.constantFrom('other.localhost', 'TEST.localhost:80', '127.0.0.2', 'localhost', 'LOCALHOST:1', '127.0.0.1:65535'),
  fc.constantFrom('unknown.example', 'rebound.attacker.test:8080', '127.1', '2130706433', '0.0.0.0', '[::1]', '[::]'),
  fc.constantFrom('', 'a'.repeat(300), 'a"b', "a'b", 'a b', '<svg>', 'a\\b', 'a/b', 'a@b', 'a:b:c', 'a:99999'),
);
const hostShape = (h: string | undefined) => {
  if (h === undefined) return 'host: none given';
  if (!isHostHeader(h)) return 'host: malformed';
  return /^(other|test)\.localhost|^127\.0\.0\.[12](:|$)|^localhost/i.test(h) ? 'host: answered' : 'host: unknown';
};

const JSON_CAP = 1024 * 1024;
const deepJson = fc
  .tuple(fc.integer({ min: 60, max: 100_000 }), fc.constantFrom('[', '{"a":'))
  .map(([depth, open]) => `{"name":${open.repeat(depth)}1${(open === '[' ? ']' : '}').repeat(depth)}}`);
// One buffer for every body over the cap: a run sends many, and allocating each would dominate it.
const BIG_BODY = Buffer.concat([Buffer.from('{"name":"'), Buffer.alloc(2 * JSON_CAP, 'x'), Buffer.from('"}')]);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/xml',
  undefined,
);

interface Exchange {
  method: string;
  path: string;
  query: Array<[string, string]>;
  headers: Record<string, string>;
  body: string | Buffer | Readable | undefined;
  shapes?: string[];
}

const apiExchange: fc.Arbitrary<Exchange> = fc.constantFrom(...endpointList).chain((endpoint) => {
  const names = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const keys = bodyKeys(endpoint);
  const qKeys = queryKeys(endpoint);
  const bodyRecord = keys.length
    ? fc.dictionary(fc.oneof(fc.constantFrom(...keys), hostileString), hostileValue, { maxKeys: 6 })
    : fc.constant({});
  return fc
    .record({
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constant(endpoint.method) },
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
      ),
      params: fc.tuple(...names.map(() => segment)),
      query: fc.array(
        fc.tuple(
          fc.oneof(
            qKeys.length ? fc.constantFrom(...qKeys, ...qKeys.map((k) => `${k}[]`)) : hostileString,
            hostileString,
          ),
          hostileValue.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
        ),
        { maxLength: 4 },
      ),
      body: fc.oneof(
        { weight: 10, arbitrary: bodyRecord.map((b) => JSON.stringify(b)) },
        deepJson,
        fc.jsonValue().map((v) => JSON.stringify(v)),
        hostileString,
        fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
        bodyRecord.map((b) => new URLSearchParams(Object.entries(b).map(([k, v]) => [k, formText(v)])).toString()),
        fc.constant(undefined),
      ),
      authorization,
      host,
      contentType,
      accept: fc.constantFrom('application/json', '*/*', 'text/html', undefined),
      chunked: fc.boolean(),
    })
    .map(({ method, params, query, body, authorization, host, contentType, accept, chunked }) => {
      let path = endpoint.path;
      names.forEach((name, i) => (path = path.replace(`{${name}}`, params[i])));
      const headers: Record<string, string> = {};
      if (authorization) headers.authorization = authorization;
      if (host !== undefined) headers.host = host;
      if (contentType) headers['content-type'] = contentType;
      if (accept) headers.accept = accept;
      const payload = method === 'GET' || method === 'HEAD' ? undefined : body;
      const shapes = ['api', hostShape(host)];
      if (typeof payload === 'string' && nestsDeeperThan(payload)) shapes.push('body: nested deeper than 64');
      if (chunked && payload !== undefined) shapes.push('body: chunked');
      // Without a length the body goes chunked: the cap has to hold while reading, not only on the header.
      const stream = chunked && payload !== undefined ? Readable.from([Buffer.from(payload)]) : payload;
      return { method, path, query, headers, body: stream, shapes };
    });
});

const oversizeExchange: fc.Arbitrary<Exchange> = fc
  .record({
    endpoint: fc.constantFrom(...endpointList.filter((e) => e.body || e.multipart)),
    size: fc.constantFrom(JSON_CAP + 1, JSON_CAP + 4096, 2 * JSON_CAP),
    chunked: fc.boolean(),
    contentType: fc.constantFrom(
      'application/json',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ),
  })
  .map(({ endpoint, size, chunked, contentType }) => {
    const path = endpoint.path.replace(/\{\w+\}/g, '1');
    const body = BIG_BODY.subarray(0, size);
    const headers = { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': contentType, accept: 'application/json' };
    const shapes = [`body: over the cap${chunked ? ', chunked' : ', declared'}`];
    return { method: endpoint.method, path, query: [], headers, body: chunked ? Readable.from([body]) : body, shapes };
  });

// Front matter: well-formed keys with odd values, and YAML made of hostile fragments.
const yamlFragment = fc.constantFrom(
  '&a',
  '*a',
  '!!binary',
  '!!js/function',
  '<<: *a',
  '? ',
  '- ',
  ': ',
  '"',
  "'",
  '\n',
  '  ',
  '{',
  '}',
  '[',
  ']',
  '#',
  '%YAML 1.2\n',
  '...',
  'title',
  'id',
  'name',
  'sort_order',
  '\t',
  '|',
  '>',
  '!',
  '@',
  '`',
  'x: &x [1,2]\ny: [*x,*x,*x]\n',
);
const frontMatter = fc.oneof(
  fc
    .dictionary(
      fc.oneof(fc.constantFrom('id', 'title', 'name', 'sort_order'), fc.string({ maxLength: 8 })),
      hostileValue,
      { maxKeys: 6 },
    )
    .map((d) =>
      Object.entries(d)
        .map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v) ?? 'null'}`)
        .join('\n'),
    ),
  fc.array(yamlFragment, { maxLength: 30 }).map((parts) => parts.join('')),
  fc.nat({ max: 200 }).map((n) => Array.from({ length: n }, (_, i) => `k${i}: ${i}`).join('\n')),
);
const markdownFile = fc
  .record({
    fenced: fc.boolean(),
    front: frontMatter,
    body: fc.oneof(
      hostileString,
      fc.constantFrom(
        'See [docs](https://docs.example.com/x) and http://127.0.0.1/',
        `http://x/${')'.repeat(2000)}`,
        '---\n---\n',
      ),
    ),
    crlf: fc.boolean(),
  })
  .map(({ fenced, front, body, crlf }) => {
    const text = fenced ? `---\n${front}\n---\n${body}` : body;
    return crlf ? text.replace(/\n/g, '\r\n') : text;
  });
const entryName = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'a.md',
      'getting-started/_index.md',
      'getting-started/installation.md',
      '_index.md',
      'x/y/z.md',
      'images/p.png',
      'UPPER.MD',
    ),
  },
  fc.constantFrom(
    '../escape.md',
    '/abs.md',
    'a\\b.md',
    'C:/x.md',
    'a//b.md',
    './a.md',
    '__MACOSX/a.md',
    '.hidden.md',
    'dir/',
    'ctl\u0001.md',
    'ü/ñ.md',
  ),
  fc.stringMatching(/^[a-z]{1,8}(\/[a-z]{1,8}){0,3}\.md$/),
);
const zipArchive = fc.array(fc.tuple(entryName, markdownFile), { maxLength: 6 }).map((entries) => entries);

async function zipBytes(entries: Array<[string, string]>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const used = new Set<string>();
  for (const [name, text] of entries) {
    const unique = used.has(name) ? `dup-${used.size}.md` : name;
    used.add(unique);
    try {
      if (unique.endsWith('/')) zip.addEmptyDirectory(unique);
      else zip.addBuffer(Buffer.from(text), unique);
    } catch {
      zip.addBuffer(Buffer.from(text), `renamed-${used.size}.md`); // a name yazl itself refuses
    }
  }
  zip.end();
  return buffer(zip.outputStream);
}

const disposition = fc.constantFrom(
  'form-data; name="file"; filename="kb.zip"',
  'form-data; name="tab_id"',
  'form-data; name="delete_confirmed[]"',
  'form-data; name="delete_sections_confirmed[]"',
  'form-data',
  'form-data; filename="nameless.zip"',
  'form-data; name="archive"; filename="a.zip"',
  'form-data; name=""',
  'form-data; name="file"; filename*=UTF-8\'\'%E2%82%AC.zip',
  'attachment; name="file"',
  'nonsense',
);
const part = fc.record({
  disposition,
  contentType: fc.constantFrom(undefined, 'application/zip', 'text/plain', 'application/octet-stream'),
  content: fc.oneof(
    { weight: 3, arbitrary: zipArchive.map((entries) => ({ zip: entries })) },
    { weight: 2, arbitrary: fc.oneof(knownIds, fc.constantFrom(' 3 ', '3', '4', '')).map((text) => ({ text })) },
    hostileString.map((text) => ({ text })),
    fc.uint8Array({ maxLength: 256 }).map((bytes) => ({ bytes: Buffer.from(bytes) })),
  ),
});
const multipartExchange = fc.record({
  op: fc.constantFrom('preview', 'execute'),
  parts: fc.array(part, { maxLength: 5 }),
  ending: fc.constantFrom('proper', 'proper', 'proper', 'missing', 'truncated', 'no-crlf'),
  boundaryHeader: fc.constantFrom(
    'multipart/form-data; boundary=fuzzb',
    'multipart/form-data; boundary="fuzzb"',
    'multipart/form-data',
    'multipart/form-data; boundary=other',
    'application/zip',
  ),
  authorization,
});

async function buildMultipart(m: {
  op: string;
  parts: Array<{
    disposition: string;
    contentType: string | undefined;
    content: { zip?: Array<[string, string]>; text?: string; bytes?: Buffer };
  }>;
  ending: string;
  boundaryHeader: string;
  authorization: string;
}): Promise<Exchange> {
  const chunks: Buffer[] = [];
  for (const p of m.parts) {
    const headers = [
      `Content-Disposition: ${p.disposition}`,
      ...(p.contentType ? [`Content-Type: ${p.contentType}`] : []),
    ];
    const content = p.content.zip
      ? await zipBytes(p.content.zip)
      : (p.content.bytes ?? Buffer.from(p.content.text ?? ''));
    chunks.push(Buffer.from(`--fuzzb\r\n${headers.join('\r\n')}\r\n\r\n`), content, Buffer.from('\r\n'));
  }
  if (m.ending === 'proper') chunks.push(Buffer.from('--fuzzb--\r\n'));
  if (m.ending === 'no-crlf') chunks.push(Buffer.from('--fuzzb--'));
  let body = Buffer.concat(chunks);
  if (m.ending === 'truncated') body = body.subarray(0, Math.floor(body.length / 2));
  const headers: Record<string, string> = { 'content-type': m.boundaryHeader, accept: 'application/json' };
  if (m.authorization) headers.authorization = m.authorization;
  return {
    method: 'POST',
    path: `/api/v1/knowledgebase/sync/${m.op}`,
    query: [],
    headers,
    body,
    shapes: ['multipart'],
  };
}

// Raw requests: the bytes no client library sends (control characters and doubles in Host, no Host,
// absolute-form targets, HTTP/1.0, declared lengths over the cap), to the API, OAuth, MCP and inspection routes.
const rawPath = fc.constantFrom(
  '/api/v1/portal',
  '/api/v1/groups',
  '/api/v1/categories',
  '/mcp',
  '/oauth/register',
  '/oauth/token',
  '/oauth/authorize',
  '/.well-known/oauth-authorization-server',
  '/.well-known/oauth-protected-resource/mcp',
  '/__reference/openapi.json',
  '/api/v1/knowledgebase/sync/preview',
);
const rawHostLines = fc.oneof(
  fc.constantFrom(['Host: localhost'], ['Host: test.localhost'], ['Host: other.localhost'], ['Host: 127.0.0.1']),
  fc.constantFrom(
    [],
    ['Host: localhost', 'Host: localhost'],
    ['Host: evil.example', 'Host: localhost'],
    ['Host: a\u0001b'],
    ['Host: a\u007fb'],
    ['Host: a\u001b[2Jb'],
    ['Host: a\u00e9b'],
    ['Host: '],
    ['Host:   localhost   '],
    ['Host: localhost', ' folded'],
    ['Host: [::1'],
    ['Host: localhost:99999'],
    [`Host: ${'h'.repeat(5000)}`],
  ),
  hostileString.map((h) => [`Host: ${h.replace(/[\r\n]/g, '')}`]),
);
const rawBody = fc.constantFrom(
  'none',
  'small json',
  'deep json',
  'declared over the cap',
  'chunked over the cap',
  'form over 16 KiB',
);
const rawExchangeShape = fc.record({
  path: rawPath,
  form: fc.constantFrom('origin', 'origin', 'absolute, same host', 'absolute, other host', 'asterisk', 'ftp'),
  version: fc.constantFrom('1.1', '1.1', '1.1', '1.0'),
  method: fc.constantFrom('GET', 'POST', 'POST'),
  hostLines: rawHostLines,
  body: rawBody,
});

type RawShape = typeof rawExchangeShape extends fc.Arbitrary<infer T> ? T : never;

function rawRequest(x: RawShape): Buffer {
  const port = new URL(server.url).port;
  const target = {
    origin: x.path,
    'absolute, same host': `http://localhost:${port}${x.path}`,
    'absolute, other host': `http://evil.example${x.path}`,
    asterisk: '*',
    ftp: `ftp://localhost${x.path}`,
  }[x.form];
  const head = [`${x.method} ${target} HTTP/${x.version}`, ...x.hostLines, `Authorization: Bearer ${ADMIN_KEY}`];
  let body = Buffer.alloc(0);
  if (x.method === 'POST') {
    const json = x.path.startsWith('/oauth/token') ? 'application/x-www-form-urlencoded' : 'application/json';
    if (x.body === 'small json') body = Buffer.from('{"name":"Fuzz","redirect_uris":["http://127.0.0.1/cb"]}');
    if (x.body === 'deep json') body = Buffer.from(`{"name":${'['.repeat(50_000)}${']'.repeat(50_000)}}`);
    if (x.body === 'form over 16 KiB') body = Buffer.from(`grant_type=${'x'.repeat(20_000)}`);
    if (x.body === 'declared over the cap') head.push(`Content-Type: ${json}`, 'Content-Length: 200000000');
    else if (x.body === 'chunked over the cap') {
      head.push(`Content-Type: ${json}`, 'Transfer-Encoding: chunked');
      const chunk = Buffer.alloc(2 * 1024 * 1024, 'x');
      body = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n0\r\n\r\n')]);
    } else head.push(`Content-Type: ${json}`, `Content-Length: ${body.length}`);
  }
  head.push('Connection: close');
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
}

/** One raw exchange: the answer is complete when its Content-Length is in, or when the server closes. */
function sendRaw(bytes: Buffer): Promise<{ status: number; text: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let data = Buffer.alloc(0);
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      const text = data.toString('latin1');
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0), text });
    };
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within 15 s to ${bytes.subarray(0, 200).toString('latin1')}`));
    }, 15_000);
    socket.on('error', () => {});
    socket.on('data', (d) => {
      data = Buffer.concat([data, d]);
      const end = data.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: (\d+)/i.exec(data.subarray(0, end).toString('latin1'));
      if (end !== -1 && length && data.length >= end + 4 + Number(length[1])) done();
    });
    socket.on('close', done);
    socket.write(bytes);
  });
}

async function sendRawExchange(x: RawShape): Promise<void> {
  sent++;
  tally('raw', `raw: ${x.form} target`, `raw body: ${x.body}`, rawHostShape(x.hostLines));
  const bytes = rawRequest(x);
  const what = bytes.subarray(0, 300).toString('latin1');
  const { status, text } = await sendRaw(bytes);
  expect(status, `no answer to ${JSON.stringify(what)}`).toBeGreaterThan(0);
  expect(status, `${JSON.stringify(what)} -> ${text.slice(0, 300)}`).toBeLessThan(500);
  if (status < 400) return;
  const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { message?: unknown; error?: unknown };
  // API refusals carry `message`; OAuth and bearer refusals the RFC's `error`.
  expect(typeof (body.message ?? body.error), `${JSON.stringify(what)} -> ${text.slice(0, 300)}`).toBe('string');
}

function rawHostShape(lines: readonly string[]): string {
  const hosts = lines.filter((l) => /^host:/i.test(l));
  if (hosts.length === 0) return 'raw host: none';
  if (hosts.length > 1) return 'raw host: two';
  if (lines.length > hosts.length) return 'raw host: folded';
  const value = hosts[0].slice(5).trim();
  if (!isHostHeader(value)) return 'raw host: malformed';
  return /^(localhost|test\.localhost|other\.localhost|127\.0\.0\.1)$/.test(value)
    ? 'raw host: answered'
    : 'raw host: unknown';
}

// ---- the exchange and its checks ---------------------------------------------------------

async function send(x: Exchange): Promise<void> {
  sent++;
  tally(...(x.shapes ?? []));
  const qs = new URLSearchParams(x.query).toString();
  const url = `${server.url}${x.path}${qs ? `?${qs}` : ''}`;
  const shown = x.body instanceof Readable ? '(chunked)' : String(x.body ?? '').slice(0, 300);
  const what = `${x.method} ${url} ${JSON.stringify(x.headers)} ${shown}`;
  // A stall is a failure too: every answer must come within these bounds.
  const res = await request(url, {
    method: x.method as 'POST',
    headers: x.headers,
    body: x.body,
    dispatcher: agent,
    headersTimeout: 15_000,
    bodyTimeout: 15_000,
  }).catch((err: Error) => {
    throw new Error(`no answer (${err.message}) to ${what}`);
  });
  const text = await res.body.text();
  expect(res.statusCode, `${what} -> ${text.slice(0, 300)}`).toBeLessThan(500);
  if (x.method === 'HEAD') return;
  if (res.statusCode === 200 && String(res.headers['content-type']).startsWith('application/zip')) return;
  let json: { message?: unknown };
  try {
    json = JSON.parse(text) as { message?: unknown };
  } catch {
    throw new Error(`not JSON: ${what} -> ${res.statusCode} ${text.slice(0, 300)}`);
  }
  if (res.statusCode >= 400)
    expect(typeof json.message === 'string' && json.message !== '', `${what} -> ${text.slice(0, 300)}`).toBe(true);
}

const sendBatch = (batch: Exchange[]) => Promise.all(batch.map(send)).then(() => undefined);

// ---- invariants, through HTTP and the store's public API ---------------------------------------

async function get(path: string, token = ADMIN_KEY, hostHeader?: string): Promise<any> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
  if (hostHeader) headers.host = hostHeader;
  const res = await request(`${server.url}${path}`, { headers, dispatcher: agent });
  expect(res.statusCode, path).toBe(200);
  return res.body.json();
}

async function allPosts(token: string, hostHeader?: string): Promise<Array<{ id: string; votes_count: number }>> {
  const posts: Array<{ id: string; votes_count: number }> = [];
  for (let skip = 0; ; skip += 100) {
    const page = await get(`/api/v1/posts?limit=100&skip=${skip}`, token, hostHeader);
    posts.push(...page.data);
    if (!page.hasMore) return posts;
  }
}

/** Per post: votes_count minus the anonymous votes stored for it, which no request may change. */
function votesNotFromRequests(): Map<string, number> {
  const out = new Map<string, number>();
  for (const portal of server.store.portals) {
    for (const post of portal.posts.list()) {
      // Votes the requests may add: anonymous ones, and a named user's (the assumed votes operations).
      const anonymous = portal.votes.list().filter((v) => v.post_key === post.key).length;
      const named = portal.userVotes.list().filter((v) => v.post_key === post.key).length;
      out.set(`${portal.id}/${post.key}`, post.votes_count - anonymous - named);
    }
  }
  return out;
}

async function checkInvariants(): Promise<void> {
  for (const [token, hostHeader] of [
    [ADMIN_KEY, undefined],
    [OTHER_KEY, 'other.localhost'],
  ] as const) {
    // Unique as the server compares them (D-NAME-KEY), not only as strings.
    const categories = (await get('/api/v1/categories', token, hostHeader)).data.map((c: { name: string }) =>
      nameKey(c.name),
    );
    expect(new Set(categories).size, `category names ${categories}`).toBe(categories.length);
    const groups = (await get('/api/v1/groups', token, hostHeader)).data.map((g: { name: string }) => nameKey(g.name));
    expect(new Set(groups).size, `group names ${groups}`).toBe(groups.length);
    for (const post of await allPosts(token, hostHeader)) {
      const comments = (await get(`/api/v1/posts/${post.id}/comments`, token, hostHeader)).data as Array<{
        tagged_for_changelog: boolean;
      }>;
      expect(
        comments.filter((c) => c.tagged_for_changelog).length,
        `changelog comments of ${post.id}`,
      ).toBeLessThanOrEqual(1);
    }
  }
  // votes_count equals the votes stored (the seed's other votes plus the anonymous and named ones), and HTTP shows the same count.
  const now = votesNotFromRequests();
  for (const [key, base] of now)
    if (votesBaseline.has(key)) expect(base, `votes of ${key}`).toBe(votesBaseline.get(key));
  const main = server.store.portals.find((p) => p.apiKeys.list().some((k) => k.token === ADMIN_KEY))!;
  for (const post of await allPosts(ADMIN_KEY)) {
    expect(post.votes_count, `votes_count of ${post.id}`).toBe(
      main.posts.list().find((p) => p.key === post.id)?.votes_count,
    );
  }
}

// ---- the runs -------------------------------------------------------------------------

describe('hostile input never causes a server error', () => {
  it('a generated form field holding an object with a key named toString is sent as its JSON', () => {
    expect(formText({ toString: 1, valueOf: [] })).toBe('{"toString":1,"valueOf":[]}');
    expect([1, true, null, 'x'].map(formText)).toEqual(['1', 'true', 'null', 'x']);
  });

  it('every endpoint: random path parameters, query strings, headers and bodies (8,000 requests)', async () => {
    await fc.assert(fc.asyncProperty(fc.array(apiExchange, { minLength: BATCH, maxLength: BATCH }), sendBatch), {
      numRuns: Number(process.env.FUZZ_API_RUNS ?? 1000),
    });
    await checkInvariants();
  }, 600_000);

  it('sync uploads: random multipart shapes, ZIP entries and front matter (2,400 requests)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(multipartExchange, { minLength: BATCH, maxLength: BATCH }), async (batch) =>
        sendBatch(await Promise.all(batch.map(buildMultipart))),
      ),
      { numRuns: Number(process.env.FUZZ_MP_RUNS ?? 300) },
    );
    await checkInvariants();
    expect(await readdir(uploads)).toEqual([]);
  }, 600_000);

  it('bodies over the cap: every endpoint that takes a body, the length declared or chunked (200 requests)', async () => {
    await fc.assert(fc.asyncProperty(fc.array(oversizeExchange, { minLength: BATCH, maxLength: BATCH }), sendBatch), {
      numRuns: Number(process.env.FUZZ_BIG_RUNS ?? 25),
    });
  }, 600_000);

  it('raw requests: Host bytes, doubles and absences, absolute-form targets, HTTP/1.0, bodies over the cap (1,200 requests)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(rawExchangeShape, { minLength: BATCH, maxLength: BATCH }), (batch) =>
        Promise.all(batch.map(sendRawExchange)).then(() => undefined),
      ),
      { numRuns: Number(process.env.FUZZ_RAW_RUNS ?? 150) },
    );
    await checkInvariants();
  }, 600_000);

  it('reached at least 10,000 generated requests', () => {
    expect(sent).toBeGreaterThanOrEqual(10_000);
  });
});
