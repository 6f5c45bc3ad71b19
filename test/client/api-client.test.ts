import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MockAgent } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient, encodeQuery, redactKey } from '../../src/client/api-client.js';
import { ApiError, NetworkError, RequestValidationError, ResponseShapeError } from '../../src/client/errors.js';
import { describeFailure } from '../../src/cli/errors.js';

const BASE = 'http://portal.test';
let agent: MockAgent;

beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
});
afterEach(async () => {
  agent.assertNoPendingInterceptors();
  await agent.close();
});

const client = (opts: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}) =>
  new ApiClient({ baseUrl: BASE, apiKey: 'secret-key-1234', dispatcher: agent, retries: 0, ...opts });
const pool = () => agent.get(BASE);

describe('ApiClient', () => {
  it('sends the bearer key, a User-Agent and JSON, and returns the parsed data', async () => {
    pool()
      .intercept({
        path: '/api/v1/categories',
        method: 'POST',
        headers: {
          authorization: 'Bearer secret-key-1234',
          'user-agent': 'fp/9.9.9',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ name: 'Billing' }),
      })
      .reply(200, { data: { id: 4, name: 'Billing', color: '#3b82f6', sort_order: 4 } });
    const res = await client({ userAgent: 'fp/9.9.9' }).call('categories.create', { body: { name: 'Billing' } });
    expect(res.data).toEqual({ id: 4, name: 'Billing', color: '#3b82f6', sort_order: 4 });
  });

  it('keeps fields the schema does not name (responses pass through loosely)', async () => {
    pool()
      .intercept({ path: '/api/v1/categories' })
      .reply(200, { data: [{ id: 1, name: 'A', color: '#000000', sort_order: 1, extra: true }] });
    const res = await client().call('categories.list', {});
    expect(res.data[0]).toMatchObject({ extra: true });
  });

  it('a response that does not match its schema is a clear error naming the field', async () => {
    pool()
      .intercept({ path: '/api/v1/categories' })
      .reply(200, { data: [{ id: 1, name: 'A', color: 7, sort_order: 1 }] });
    const err = await client()
      .call('categories.list', {})
      .catch((e) => e);
    expect(err).toBeInstanceOf(ResponseShapeError);
    expect(err.message).toMatch(/^unexpected response from GET \/api\/v1\/categories: data\[0\]\.color: /);
    expect(describeFailure(err).code).toBe(1);
  });

  it('a 2xx body that is not JSON is a clear error', async () => {
    pool().intercept({ path: '/api/v1/portal' }).reply(200, '<html>maintenance</html>');
    await expect(client().call('portal.get', {})).rejects.toThrow(
      'unexpected response from GET /api/v1/portal: the body is not JSON',
    );
  });

  it('a 5xx whose body is not JSON becomes an ApiError with the status text (exit 1)', async () => {
    pool().intercept({ path: '/api/v1/portal' }).reply(502, '<html>Bad gateway</html>');
    const err = await client()
      .call('portal.get', {})
      .catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 502, message: 'Bad Gateway' });
    expect(describeFailure(err)).toEqual({ code: 1, lines: ['error: Bad Gateway (502)'] });
  });

  it('a 422 carries the message and the field errors; 401 and 403 map to exit 4', async () => {
    pool()
      .intercept({ path: '/api/v1/groups', method: 'POST' })
      .reply(422, { message: 'The given data was invalid.', errors: { name: ['The name has already been taken.'] } });
    const err = await client()
      .call('groups.create', { body: { name: 'Beta' } })
      .catch((e) => e);
    expect(describeFailure(err)).toEqual({
      code: 1,
      lines: ['error: The given data was invalid. (422)', '  name: The name has already been taken.'],
    });
    expect(describeFailure(new ApiError(401, 'Unauthenticated.')).code).toBe(4);
    expect(describeFailure(new ApiError(403, 'This API key is read-only and cannot make changes.')).code).toBe(4);
  });

  it('a body that breaks the endpoint rules is refused before sending (exit 2)', async () => {
    const err = await client()
      .call('categories.create', { body: { name: 'x' } })
      .catch((e) => e);
    expect(err).toBeInstanceOf(RequestValidationError);
    expect(err.fieldErrors).toEqual({ name: ['The name field must be at least 2 characters.'] });
    expect(describeFailure(err).code).toBe(2);
  });

  it('--debug logs each exchange with the key redacted to its last 4 characters', async () => {
    pool().intercept({ path: '/api/v1/categories' }).reply(200, { data: [] });
    const lines: string[] = [];
    await client({ debug: (l) => lines.push(l) }).call('categories.list', {});
    expect(lines).toContain('> GET http://portal.test/api/v1/categories');
    expect(lines).toContain('> authorization: Bearer ****1234');
    expect(lines.join('\n')).not.toContain('secret-key');
    expect(lines.some((l) => /^< 200 \(\d+ ms\)$/.test(l))).toBe(true);
    expect(redactKey('abc')).toBe('****');
  });

  it('arrays in queries are sent the PHP way (name[]=…)', () => {
    expect(encodeQuery({ status: [1, 2], tab: 'feedback', skip: undefined, format: null })).toBe(
      '?status%5B%5D=1&status%5B%5D=2&tab=feedback',
    );
    expect(encodeQuery({})).toBe('');
  });
});

describe('ApiClient over real sockets', () => {
  let slow: Server;
  let url: string;
  beforeAll(async () => {
    slow = createServer((_req, res) => {
      setTimeout(() => res.end('{}'), 2_000).unref();
    });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    slow.closeAllConnections();
    await new Promise((r) => slow.close(r));
  });

  it('a server that does not answer in time is a timeout error saying what it waited for (exit 1)', async () => {
    const c = new ApiClient({ baseUrl: url, apiKey: 'k', timeoutMs: 200, retries: 0 });
    const err = await c.call('portal.get', {}).catch((e) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.message).toBe(
      `timed out after 200 ms waiting for the answer to GET /api/v1/portal from ${new URL(url).host}; --timeout sets the limit`,
    );
    expect(describeFailure(err).code).toBe(1);
  });

  it('a refused connection says so', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const err = await new ApiClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k', retries: 0 })
      .call('portal.get', {})
      .catch((e) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.message).toBe(`could not connect to 127.0.0.1:${port}: connection refused`);
  });
});
