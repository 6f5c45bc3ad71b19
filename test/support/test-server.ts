import type { AddressInfo } from 'node:net';
import { request as undiciRequest } from 'undici';
import { createApp, type AppOptions } from '../../src/server/app/create-app.js';
import type { ServerServices } from '../../src/server/handlers/services.js';
import { loadSeed } from '../../src/server/store/seeding/load-seed.js';
import type { SeedFile } from '../../src/seed-file/seed-file.js';
import { Store } from '../../src/server/store/store.js';
import { recordTally } from './contract-proxy.js';
import { describedByDocument, sharedContractValidator } from './contract-validator.js';
import { ADMIN_KEY, fixtureSeed } from './fixture-seed.js';

export interface TestResponse {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export interface TestServer {
  url: string;
  store: Store;
  /** One HTTP exchange; `token: null` sends no Authorization header. */
  request(
    method: string,
    path: string,
    opts?: { token?: string | null; body?: unknown; rawBody?: string; host?: string; headers?: Record<string, string> },
  ): Promise<TestResponse>;
  close(): Promise<void>;
}

/**
 * The reference server on 127.0.0.1 port 0 with the fixture seed (or another).
 * Every exchange of `request()` is checked against the OpenAPI document; `close()`
 * fails with the list of exchanges that break it.
 */
export async function startTestServer(
  seed: SeedFile = fixtureSeed(),
  services: Partial<ServerServices> = {},
  app: Omit<AppOptions, 'store' | 'services'> = {},
): Promise<TestServer> {
  const validator = sharedContractValidator();
  const tally = { requests: 0, requestsConforming: 0, responses: 0, violations: [] as string[] };
  const store = new Store(loadSeed(seed, new Date('2026-06-01T00:00:00Z')));
  const server = createApp({ logError: () => {}, ...app, store, services });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    store,
    async request(method, path, opts = {}) {
      const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
      const token = opts.token === undefined ? ADMIN_KEY : opts.token;
      if (token !== null) headers.authorization = `Bearer ${token}`;
      if (opts.host) headers.host = opts.host;
      let body: string | undefined = opts.rawBody;
      if (opts.body !== undefined) {
        body = JSON.stringify(opts.body);
        headers['content-type'] = 'application/json';
      }
      // undici.request, not fetch: fetch would replace a custom Host header.
      const res = await undiciRequest(url + path, { method: method as 'GET', headers, body });
      const text = await res.body.text();
      const responseHeaders = new Headers();
      for (const [k, v] of Object.entries(res.headers)) {
        if (v !== undefined) responseHeaders.set(k, Array.isArray(v) ? v.join(', ') : v);
      }
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      if (describedByDocument(path)) {
        const verdict = await validator.validate({
          method,
          target: path,
          requestHeaders: headers,
          requestBody: Buffer.from(body ?? ''),
          requestTruncated: false,
          status: res.statusCode,
          responseHeaders: res.headers,
          responseBody: Buffer.from(text),
          responseTruncated: false,
        });
        tally.requests += 1;
        tally.responses += 1;
        if (verdict.requestValid) tally.requestsConforming += 1;
        for (const v of verdict.violations)
          tally.violations.push(`${method} ${path} → ${res.statusCode} (${verdict.operation}): ${v}`);
      }
      return { status: res.statusCode, headers: responseHeaders, body: parsed, text };
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      recordTally(tally);
      if (tally.violations.length) {
        throw new Error(
          `${tally.violations.length} exchanges break docs/openapi.json:\n${tally.violations.join('\n')}`,
        );
      }
    },
  };
}
