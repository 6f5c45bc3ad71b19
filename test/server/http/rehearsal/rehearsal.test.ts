import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../../src/server/app/create-app.js';
import { parseFaults } from '../../../../src/server/http/rehearsal/parse-spec.js';
import { createRehearsal, type RehearsalOptions } from '../../../../src/server/http/rehearsal/rehearsal.js';
import { loadSeed } from '../../../../src/server/store/seeding/load-seed.js';
import { Store } from '../../../../src/server/store/store.js';
import { ADMIN_KEY, OTHER_KEY, READONLY_KEY, fixtureSeed } from '../../../support/fixture-seed.js';

let server: Server | undefined;
afterEach(async () => {
  const s = server;
  server = undefined;
  if (s)
    await new Promise<void>((r) => {
      s.close(() => r());
      s.closeAllConnections();
    });
});

async function start(options: RehearsalOptions): Promise<string> {
  const store = new Store(loadSeed(fixtureSeed(), new Date('2026-06-01T00:00:00Z')));
  server = createApp({ store, rehearsal: createRehearsal(options), logError: () => {} });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function get(url: string, path: string, token: string | null = ADMIN_KEY) {
  const res = await request(url + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
}

describe('--rate-limit', () => {
  it('D-REHEARSAL-RATE-LIMIT counts per API key in a fixed window; past it 429 Too Many Attempts with Retry-After and X-RateLimit-Reset', async () => {
    let now = 1_780_000_000_000;
    const url = await start({ rateLimit: { limit: 2, windowMs: 60_000 }, now: () => now });

    const first = await get(url, '/api/v1/portal');
    expect(first.status).toBe(200);
    expect(first.headers['x-ratelimit-limit']).toBe('2');
    expect(first.headers['x-ratelimit-remaining']).toBe('1');
    const second = await get(url, '/api/v1/categories');
    expect(second.headers['x-ratelimit-remaining']).toBe('0');

    now += 15_000;
    const refused = await get(url, '/api/v1/portal');
    expect(refused.status).toBe(429);
    expect(refused.text).toBe('{"message":"Too Many Attempts."}');
    expect(refused.headers['retry-after']).toBe('45');
    expect(refused.headers['x-ratelimit-reset']).toBe(String(1_780_000_060));
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');

    // Another key has its own budget.
    expect((await get(url, '/api/v1/portal', OTHER_KEY)).status).not.toBe(429);
    expect((await get(url, '/api/v1/portal', READONLY_KEY)).headers['x-ratelimit-remaining']).toBe('1');

    now += 45_000;
    const again = await get(url, '/api/v1/portal');
    expect(again.status).toBe(200);
    expect(again.headers['x-ratelimit-remaining']).toBe('1');
  });

  it('never limits /__reference/ endpoints', async () => {
    const url = await start({ rateLimit: { limit: 1, windowMs: 60_000 }, now: () => 0 });
    expect((await get(url, '/api/v1/portal')).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const res = await get(url, '/__reference/events');
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
    expect((await get(url, '/api/v1/portal')).status).toBe(429);
  });

  it('D-REHEARSAL-RATE-LIMIT a refused write changes nothing', async () => {
    const url = await start({ rateLimit: { limit: 1, windowMs: 60_000 }, now: () => 0 });
    await get(url, '/api/v1/portal');
    const res = await request(`${url}/api/v1/categories`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Never made' }),
    });
    expect(res.statusCode).toBe(429);
    await res.body.dump();
    const names = JSON.parse((await get(url, '/api/v1/categories', READONLY_KEY)).text).data.map(
      (c: { name: string }) => c.name,
    );
    expect(names).not.toContain('Never made');
  });
});

describe('--faults', () => {
  it('D-REHEARSAL-FAULTS 503 and 429 faults answer before the handler with Retry-After: 1; the rest pass', async () => {
    const url = await start({ faults: parseFaults('503:0.3,429:0.3'), seed: 7 });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await get(url, '/api/v1/portal');
      statuses.push(res.status);
      if (res.status === 503)
        expect([res.text, res.headers['retry-after']]).toEqual(['{"message":"Service Unavailable"}', '1']);
      if (res.status === 429)
        expect([res.text, res.headers['retry-after']]).toEqual(['{"message":"Too Many Attempts."}', '1']);
    }
    expect(new Set(statuses)).toEqual(new Set([200, 429, 503]));
  });

  it('D-REHEARSAL-SEED the same seed gives the same sequence', async () => {
    const sequence = async () => {
      const url = await start({ faults: parseFaults('503:0.25,500:0.25'), seed: 42 });
      const out: number[] = [];
      for (let i = 0; i < 20; i++) out.push((await get(url, '/api/v1/portal')).status);
      const s = server!;
      server = undefined;
      await new Promise<void>((r) => {
        s.close(() => r());
        s.closeAllConnections();
      });
      return out;
    };
    const a = await sequence();
    const b = await sequence();
    expect(a).toEqual(b);
    expect(a.filter((s) => s !== 200).length).toBeGreaterThan(0);
  });

  it('D-REHEARSAL-FAULTS reset drops the connection without an answer', async () => {
    const url = await start({ faults: parseFaults('reset:1') });
    const err = await get(url, '/api/v1/portal').catch((e) => e);
    expect(err).toBeInstanceOf(Error);
    expect(['UND_ERR_SOCKET', 'ECONNRESET']).toContain(err.code);
  });

  it('D-REHEARSAL-FAULTS delay holds the request, then it is answered normally', async () => {
    const url = await start({ faults: parseFaults('delay:30:1') });
    const res = await get(url, '/api/v1/portal');
    expect(res.status).toBe(200);
  });

  it('never faults /__reference/ endpoints', async () => {
    const url = await start({ faults: parseFaults('503:1') });
    expect((await get(url, '/api/v1/portal')).status).toBe(503);
    expect((await get(url, '/__reference/events')).status).toBe(200);
  });

  it('D-REHEARSAL-ORDER faults come before the rate limit: a faulted request does not count against it', async () => {
    const url = await start({
      faults: parseFaults('503:0.5'),
      seed: 3,
      rateLimit: { limit: 2, windowMs: 60_000 },
      now: () => 0,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await get(url, '/api/v1/portal')).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    // Requests after the first two unfaulted ones are limited; earlier faulted ones used no budget.
    const firstLimited = statuses.indexOf(429);
    expect(statuses.slice(0, firstLimited).filter((s) => s === 200)).toHaveLength(2);
  });

  it('no switches, no rehearsal', () => {
    expect(createRehearsal({})).toBeUndefined();
    expect(createRehearsal({ faults: [] })).toBeUndefined();
  });
});
