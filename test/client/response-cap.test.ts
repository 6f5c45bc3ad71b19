import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/client/api-client.js';
import { ApiError, ResponseTooLargeError } from '../../src/client/errors.js';
import { closeSharedDispatcher } from '../../src/client/shared-dispatcher.js';
import { parseSize } from '../../src/client/response-cap.js';
import { ADMIN_KEY } from '../support/fixture-seed.js';
import { runMain } from '../support/fake-io.js';

const MB = 1024 * 1024;
const PORTAL = JSON.stringify({
  data: {
    guid: 'g',
    title: 'Big',
    localization: 'en',
    editor_type: 'markdown',
    jira_enabled: false,
    jira_sync_status: false,
    linear_enabled: false,
    jira_domain: null,
  },
});

/** Bytes the server has written of its endless answers, and whether the client hung up on each. */
const sent: Array<{ bytes: number; closed: boolean }> = [];

/** An answer that never ends: JSON chunks for as long as the client reads, by the socket's pace. */
function endless(res: ServerResponse, status: number, contentLength?: number): void {
  const record = { bytes: 0, closed: false };
  sent.push(record);
  res.writeHead(status, {
    'content-type': 'application/json',
    ...(contentLength !== undefined ? { 'content-length': String(contentLength) } : {}),
  });
  const chunk = Buffer.from(`${'{"x":"'.padEnd(64 * 1024 - 3, 'a')}"},`);
  res.write('{"data":[');
  const pump = () => {
    while (!res.destroyed && record.bytes < 1024 * MB) {
      record.bytes += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
  };
  res.once('close', () => (record.closed = true));
  pump();
}

function route(req: IncomingMessage, res: ServerResponse): void {
  if (req.url === '/api/v1/portal') return void res.writeHead(200, { 'content-type': 'application/json' }).end(PORTAL);
  if (req.url!.startsWith('/api/v1/categories')) return endless(res, 200);
  // Announces 200 MB, then sends only the start: a client that waits for it would hang.
  if (req.url!.startsWith('/api/v1/groups')) {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(200 * MB) });
    return void res.write('{"data":[');
  }
  if (req.url!.startsWith('/api/v1/feedback')) return endless(res, 500);
  res.writeHead(404).end();
}

let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer(route);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await closeSharedDispatcher();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const client = (maxResponseBytes?: number) =>
  new ApiClient({ baseUrl: url, apiKey: ADMIN_KEY, retries: 0, maxResponseBytes });

describe('one answer is capped while it is read', () => {
  it('an endless answer stops at the cap, over node:http (a first call) and over undici (later calls), naming the request', async () => {
    const c = client(2 * MB);
    for (let call = 0; call < 2; call++) {
      const err = await c.call('categories.list', {}).catch((e) => e);
      expect(err).toBeInstanceOf(ResponseTooLargeError);
      expect(err.message).toMatch(
        /^the answer to GET \/api\/v1\/categories from 127\.0\.0\.1:\d+ is larger than 2 MB, the limit for one answer; it was not read further\. If the portal really sends that much, raise the limit with --max-response 8MB or FP_MAX_RESPONSE=8MB$/,
      );
    }
    // The client hung up: the server could send only what socket buffers hold past the cap.
    await expect.poll(() => sent.every((s) => s.closed)).toBe(true);
    for (const s of sent) expect(s.bytes).toBeLessThan(64 * MB);
  });

  it('a Content-Length over the cap fails at once, before the body is read', async () => {
    const c = client(64 * MB);
    for (let call = 0; call < 2; call++) {
      const err = await c.call('groups.list', {}).catch((e) => e);
      expect(err).toBeInstanceOf(ResponseTooLargeError);
      expect(err.message).toContain('is larger than 64 MB, the limit for one answer (it announces 200 MB)');
    }
  });

  it('an endless error body is not read past the cap: the status is reported', async () => {
    const err = await client(MB)
      .call('feedback.list', {})
      .catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(500);
  });

  it('an answer under the cap is read as before; sizes parse with units', async () => {
    expect((await client(MB).call('portal.get', {})).data.title).toBe('Big');
    expect([parseSize('64MB'), parseSize('2 GB'), parseSize('500kB'), parseSize('3'), parseSize('x')]).toEqual([
      64 * MB,
      2048 * MB,
      500 * 1024,
      3 * MB,
      undefined,
    ]);
  });
});

describe('--max-response and FP_MAX_RESPONSE', () => {
  it('the flag or the variable sets the cap; the error goes to stderr with exit 1', async () => {
    const r = await runMain(url, ['categories', 'list', '--max-response', '1MB']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^error: the answer to GET \/api\/v1\/categories from .* is larger than 1 MB/);
    expect((await runMain(url, ['portal', 'get', '--json'], { env: { FP_MAX_RESPONSE: '1kB' } })).code).toBe(0);
  });

  it('a value that is no size is a usage error naming where it came from', async () => {
    const flag = await runMain(url, ['portal', 'get', '--max-response', 'lots']);
    expect([flag.code, flag.err]).toEqual([
      2,
      'error: invalid --max-response "lots": expected a size like 64MB, 512MB or 2GB\n',
    ]);
    const env = await runMain(url, ['portal', 'get'], { env: { FP_MAX_RESPONSE: '-1' } });
    expect([env.code, env.err]).toEqual([
      2,
      'error: invalid FP_MAX_RESPONSE "-1": expected a size like 64MB, 512MB or 2GB\n',
    ]);
  });
});
