import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Dispatcher } from 'undici';
import { ApiClient, type ClientOptions } from '../../src/client/api-client.js';
import { ApiError, NetworkError } from '../../src/client/errors.js';
import { sharedDispatcher } from '../../src/client/http-agent.js';
import { closeSharedDispatcher } from '../../src/client/shared-dispatcher.js';
import { describeFailure } from '../../src/cli/errors.js';

// Real sockets, not undici's MockAgent: the retry interceptor pauses a refused answer while
// it decides, and MockAgent delivers the body regardless of the pause.

/** One scripted answer per request, in order; the last one repeats. */
type Step = (req: IncomingMessage, res: ServerResponse) => void;
let steps: Step[] = [];
let seen: string[] = [];
let server: Server;
let url: string;
let host: string;

const PORTAL = {
  guid: 'g',
  title: 'T',
  localization: 'en',
  editor_type: 'markdown',
  jira_enabled: false,
  jira_sync_status: false,
  linear_enabled: false,
  jira_domain: null,
};
const CATEGORY = { id: 4, name: 'Billing', color: '#3b82f6', sort_order: 4 };
const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Step =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
const drop: Step = (req) => req.socket.destroy();

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => (steps.length > 1 ? steps.shift()! : steps[0])(req, res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  url = `http://${host}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  seen = [];
});

/** The transport under test: none given is node:http for call(); the product's undici dispatcher otherwise. */
let dispatcher: () => Dispatcher | undefined = () => undefined;

const client = (opts: Partial<ClientOptions> = {}) => {
  const waits: string[] = [];
  const c = new ApiClient({
    baseUrl: url,
    apiKey: 'secret-key-1234',
    onWait: (l) => waits.push(l),
    dispatcher: dispatcher(),
    ...opts,
  });
  return { c, waits };
};

// A first call() goes through node:http unless a proxy or a dispatcher is given; every rule holds both ways.
describe.each([
  ['node:http', (): Dispatcher | undefined => undefined],
  ['undici', (): Dispatcher | undefined => sharedDispatcher()],
] as const)('over %s', (_transport, transport) => {
  beforeAll(() => {
    dispatcher = transport;
  });
  afterAll(() => closeSharedDispatcher());

  describe('retries', () => {
    it('a GET answered 503 is tried again and says on stderr that it waits', async () => {
      steps = [json(503, { message: 'Service Unavailable' }, { 'retry-after': '0' }), json(200, { data: PORTAL })];
      const { c, waits } = client();
      expect((await c.call('portal.get', {})).data.title).toBe('T');
      expect(seen).toEqual(['GET /api/v1/portal', 'GET /api/v1/portal']);
      expect(waits).toHaveLength(1);
      expect(waits[0]).toMatch(
        /^waiting \d+ ms to retry GET \/api\/v1\/portal: 503 Service Unavailable \(Retry-After 0 ms\)$/,
      );
      expect(c.stats.retries).toBe(1);
    });

    it('a create answered 429 or 503 was not processed, so it is sent again', async () => {
      steps = [
        json(429, { message: 'Too Many Attempts.' }, { 'retry-after': '0' }),
        json(503, {}, { 'retry-after': '0' }),
        json(200, { data: CATEGORY }),
      ];
      const { c } = client();
      expect((await c.call('categories.create', { body: { name: 'Billing' } })).data).toEqual(CATEGORY);
      expect(seen).toEqual(['POST /api/v1/categories', 'POST /api/v1/categories', 'POST /api/v1/categories']);
    });

    it('a create whose connection dropped is never repeated: it may have been made', async () => {
      steps = [drop, json(200, { data: CATEGORY })];
      const { c, waits } = client();
      const err = await c.call('categories.create', { body: { name: 'Billing' } }).catch((e) => e);
      expect(err).toBeInstanceOf(NetworkError);
      expect(err.message).toBe(`connection to ${host} was closed unexpectedly`);
      expect(seen).toEqual(['POST /api/v1/categories']);
      expect(waits).toEqual([]);
    });

    it('a create answered 502 or 504 is not repeated either', async () => {
      steps = [json(502, { message: 'Bad Gateway' }), json(200, { data: CATEGORY })];
      const err = await client()
        .c.call('categories.create', { body: { name: 'Billing' } })
        .catch((e) => e);
      expect(describeFailure(err)).toEqual({ code: 1, lines: ['error: Bad Gateway (502)'] });
      expect(seen).toHaveLength(1);
    });

    it('a dropped connection and a 502/504 are retried for idempotent requests', async () => {
      steps = [drop, json(502, {}), json(504, {}), json(200, { data: PORTAL })];
      const { c, waits } = client();
      expect((await c.call('portal.get', {})).data.title).toBe('T');
      expect(seen).toHaveLength(4);
      // The third wait is drawn from 500-1000 ms, said as "1 s" when it is the whole second.
      expect(waits.map((w) => w.replace(/^waiting (\d+ ms|1 s) /, 'waiting N ms '))).toEqual([
        `waiting N ms to retry GET /api/v1/portal: connection to ${host} was closed unexpectedly`,
        'waiting N ms to retry GET /api/v1/portal: 502 Bad Gateway',
        'waiting N ms to retry GET /api/v1/portal: 504 Gateway Timeout',
      ]);
    });

    it('a POST the caller marks idempotent (approve: repeating ends the same) is retried after a drop', async () => {
      const item = { message: 'Post approved successfully', data: {} };
      steps = [drop, json(200, item)];
      const notices: number[] = [];
      const res = await client().c.send('POST', '/api/v1/moderation/approve/post/abc', {
        idempotent: true,
        onRetry: (n) => notices.push(n.attempt),
      });
      expect(res.status).toBe(200);
      await res.body.dump();
      expect(seen).toEqual(['POST /api/v1/moderation/approve/post/abc', 'POST /api/v1/moderation/approve/post/abc']);
      expect(notices).toEqual([2]);
    });

    it('attempts are bounded; the error says the client gave up', async () => {
      steps = [json(503, { message: 'Service Unavailable' }, { 'retry-after': '0' })];
      const err = await client({ retries: 2 })
        .c.call('portal.get', {})
        .catch((e) => e);
      expect(seen).toHaveLength(3);
      expect(describeFailure(err)).toEqual({
        code: 1,
        lines: ['error: Service Unavailable (503)', '  gave up after 3 attempts'],
      });
    });

    it('a Retry-After past the deadline is not waited for: the command fails at once saying what it would have waited for', async () => {
      steps = [json(429, { message: 'Too Many Attempts.' }, { 'retry-after': '45' })];
      const { c, waits } = client({ timeoutMs: 30_000 });
      const err = await c.call('portal.get', {}).catch((e) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect(describeFailure(err)).toEqual({
        code: 1,
        lines: [
          'error: Too Many Attempts. (429)',
          '  gave up after 1 attempt: the server asked to wait 45 s (Retry-After), which would pass the 30 s limit (--timeout)',
        ],
      });
      expect(waits).toEqual([]);
    });

    it('a Retry-After given as an HTTP date is honoured', async () => {
      steps = [
        json(503, {}, { 'retry-after': new Date(Date.now() - 5_000).toUTCString() }),
        json(200, { data: PORTAL }),
      ];
      const { c, waits } = client();
      await c.call('portal.get', {});
      expect(waits[0]).toMatch(
        /^waiting \d+ ms to retry GET \/api\/v1\/portal: 503 Service Unavailable \(Retry-After 0 ms\)$/,
      );
    });
  });

  describe('an answer cut off mid-body', () => {
    it('is an error saying so, and is not requested again', async () => {
      steps = [
        (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
          res.write('{"data":');
          setTimeout(() => res.destroy(), 20);
        },
        json(200, { data: PORTAL }),
      ];
      const err = await client()
        .c.call('portal.get', {})
        .catch((e) => e);
      expect(err).toBeInstanceOf(NetworkError);
      expect(err.message).toBe('the answer was cut off: other side closed');
      expect(seen).toHaveLength(1);
    });
  });

  describe('the deadline (--timeout)', () => {
    it('covers a body that trickles in one byte at a time', async () => {
      steps = [
        (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          const t = setInterval(() => (res.destroyed ? clearInterval(t) : res.write(' ')), 50);
          res.on('close', () => clearInterval(t));
        },
      ];
      const err = await client({ timeoutMs: 400 })
        .c.call('portal.get', {})
        .catch((e) => e);
      expect(err).toBeInstanceOf(NetworkError);
      expect(describeFailure(err)).toEqual({
        code: 1,
        lines: [
          `error: timed out after 400 ms reading the answer to GET /api/v1/portal from ${host}: it arrived too slowly; --timeout sets the limit`,
        ],
      });
    });

    it('covers waiting for an answer that never comes', async () => {
      steps = [() => {}];
      const err = await client({ timeoutMs: 300 })
        .c.call('portal.get', {})
        .catch((e) => e);
      expect(err.message).toBe(
        `timed out after 300 ms waiting for the answer to GET /api/v1/portal from ${host}; --timeout sets the limit`,
      );
    });
  });

  it('--debug logs the same exchange lines, attempts included', async () => {
    steps = [json(503, { message: 'Service Unavailable' }, { 'retry-after': '0' }), json(200, { data: PORTAL })];
    const lines: string[] = [];
    await client({ debug: (l) => lines.push(l) }).c.call('portal.get', {});
    expect(lines.map((l) => l.replace(/\d+ ms/, 'N ms'))).toEqual([
      `> GET ${url}/api/v1/portal`,
      '> accept: application/json',
      '> user-agent: fp',
      '> authorization: Bearer ****1234',
      '< 503 Service Unavailable: retrying in N ms',
      '< 200 (N ms)',
    ]);
  });

  describe('a connection that cannot be made', () => {
    it('refused: says so, and a GET is not tried again for it', async () => {
      const probe = createServer();
      await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
      const port = (probe.address() as AddressInfo).port;
      await new Promise((r) => probe.close(r));
      const { c, waits } = client({ baseUrl: `http://127.0.0.1:${port}` });
      const err = await c.call('portal.get', {}).catch((e) => e);
      expect(err).toBeInstanceOf(NetworkError);
      expect(err.message).toBe(`could not connect to 127.0.0.1:${port}: connection refused`);
      expect(waits).toEqual([]);
    });
  });
});

it("node:http carries a client's first call on a keep-alive connection, closed when the command is done; later calls take undici's pool", async () => {
  steps = [json(200, { data: PORTAL })];
  await closeSharedDispatcher();
  let connections = 0;
  const count = () => connections++;
  server.on('connection', count);
  try {
    // three one-shot clients (a command each), one connection
    for (let i = 0; i < 3; i++) await new ApiClient({ baseUrl: url, apiKey: 'k' }).call('portal.get', {});
    expect(connections).toBe(1);
    await closeSharedDispatcher();
    const c = new ApiClient({ baseUrl: url, apiKey: 'k' });
    await c.call('portal.get', {});
    expect(connections).toBe(2);
    // the second call of the same client goes through undici, on a connection of its own
    await c.call('portal.get', {});
    expect(connections).toBe(3);
    await closeSharedDispatcher();
  } finally {
    server.off('connection', count);
  }
});

describe('--timeout values', () => {
  it.each(['0', '0ms', 'soon', '-5', '1m'])('%s is a usage error (exit 2), nothing sent', async (value) => {
    const { runMain } = await import('../support/fake-io.js');
    const r = await runMain(url, ['portal', 'get', '--timeout', value]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `error: invalid --timeout "${value}": expected seconds like 30 or 30s, or milliseconds like 500ms\n`,
    );
    expect(seen).toEqual([]);
  });
});
