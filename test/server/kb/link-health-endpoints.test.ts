import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { endpoints } from '../../../src/contract/endpoints.js';
import { LinkCache, ScanRegistry } from '../../../src/server/kb/link-health/index.js';
import type { SeedFile } from '../../../src/seed-file/seed-file.js';
import { ANN, fixtureSeed, OTHER_KEY } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

// Link targets: a node:http server on loopback counting the requests per path,
// and a port that refuses connections.
let target: http.Server;
let base: string;
let refusedBase: string;
const hits = new Map<string, number>();

const STATUS_BY_PATH: Record<string, number> = {
  '/ok': 200,
  '/missing': 404,
  '/boom': 500,
  '/html-link': 200,
  '/in-code': 200,
};

beforeAll(async () => {
  target = http.createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    res.writeHead(STATUS_BY_PATH[path] ?? 404, { 'content-type': 'text/plain' });
    res.end('x');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;

  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  refusedBase = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
});
afterAll(async () => {
  target.closeAllConnections();
  await new Promise<void>((resolve) => target.close(() => resolve()));
});

const T0 = Date.parse('2026-06-01T10:00:00.000Z');
const HOUR = 60 * 60 * 1000;
let clock = T0;
const now = () => clock;

/** Tab 3 (markdown portal) gets articles linking to the targets; the other portal (wysiwyg) gets a KB tab too. */
function linkSeed(): SeedFile {
  const seed = fixtureSeed();
  const [main, other] = seed.portals;
  main.posts = (main.posts ?? []).filter((p) => p.tab_id !== 3);
  main.posts.push(
    {
      key: 'kbok1',
      database_id: 11,
      title: 'Healthy guide',
      description: `Read [this](${base}/ok).`,
      author_id: ANN,
      tab_id: 3,
      section_id: 10,
    },
    {
      key: 'kb404',
      database_id: 12,
      title: 'Broken guide',
      author_id: ANN,
      tab_id: 3,
      section_id: 10,
      description: `Gone: ${base}/missing and fine: <${base}/ok>. Example only: \`${base}/in-code\``,
    },
    {
      key: 'kb500',
      database_id: 13,
      title: 'Server error guide',
      description: `![img](${base}/boom)`,
      author_id: ANN,
      tab_id: 3,
    },
    {
      key: 'kbref',
      database_id: 14,
      title: 'Refused guide',
      description: `[down](${refusedBase}/x)`,
      author_id: ANN,
      tab_id: 3,
    },
    { key: 'kbnil', database_id: 15, title: 'No links', description: 'Plain text.', author_id: ANN, tab_id: 3 },
  );
  other.tabs = [{ id: 7, slug: 'docs', name: 'Docs', type: 'knowledge_base' }];
  other.posts = [
    {
      key: 'oth01',
      title: 'HTML article',
      author_id: '44444444-4444-4444-8444-444444444444',
      tab_id: 7,
      description: `<p><a href="${base}/html-link">link</a> <code>${base}/in-code</code></p>`,
    },
  ];
  return seed;
}

let server: TestServer;
beforeEach(async () => {
  clock = T0;
  hits.clear();
  const linkCache = new LinkCache({ now });
  const scanRegistry = new ScanRegistry({ now, defaults: { cache: linkCache } });
  server = await startTestServer(linkSeed(), { scanRegistry, linkCache, allowPrivateLinks: true });
  return () => server.close();
});

const invalid = (errors: Record<string, string[]>) => ({ message: 'The given data was invalid.', errors });
const check = (url: string, status: number | null, error: string | null, checkedAt = T0) => ({
  url,
  ok: error === null,
  status,
  error,
  final_url: url,
  redirects: 0,
  checked_at: new Date(checkedAt).toISOString(),
});

type Caller = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<{ status: number; body: any }>;

const asMain: Caller = (method, path, body) => server.request(method, path, body === undefined ? {} : { body });
/** fetch drops a Host header, so requests to the other portal go through undici. */
const asOther: Caller = async (method, path, body) => {
  const res = await request(server.url + path, {
    method,
    headers: { host: 'other.localhost', authorization: `Bearer ${OTHER_KEY}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.statusCode, body: await res.body.json() };
};

async function scan(tabId: number, as: Caller = asMain) {
  return as('POST', '/api/v1/knowledgebase/link-health/scan', { tab_id: tabId });
}

/** Polls the progress endpoint until the scan is no longer queued or running. */
async function untilFinished(scanId: string, as: Caller = asMain) {
  for (;;) {
    const res = await as('GET', `/api/v1/knowledgebase/link-health/progress/${scanId}`);
    if (res.status !== 200 || (res.body.data.state !== 'queued' && res.body.data.state !== 'running')) return res;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('link-health scan', () => {
  it('R-KB-SCAN D-LINK-SCAN-START starting a scan answers at once with the queued scan and its scan_id', async () => {
    const res = await scan(3);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        scan_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        tab_id: 3,
        state: 'queued',
        total: 0,
        checked: 0,
        failed: 0,
        started_at: null,
        finished_at: null,
        error: null,
      },
    });
    await untilFinished(res.body.data.scan_id);
  });

  it('R-KB-PROGRESS D-LINK-PROGRESS progress reaches completed with the counts of distinct URLs checked and failed', async () => {
    const { scan_id } = (await scan(3)).body.data;
    const res = await untilFinished(scan_id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        scan_id,
        tab_id: 3,
        state: 'completed',
        total: 4,
        checked: 4,
        failed: 3,
        started_at: '2026-06-01T10:00:00.000Z',
        finished_at: '2026-06-01T10:00:00.000Z',
        error: null,
      },
    });
  });

  it('R-KB-RESULTS R-KB-FLAGGED links answering 4xx or 5xx and unreachable hosts are flagged; results list failed posts first', async () => {
    const { scan_id } = (await scan(3)).body.data;
    await untilFinished(scan_id);
    const res = await server.request('GET', '/api/v1/knowledgebase/link-health/results/3');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        tab_id: 3,
        scan_id,
        scanned_at: '2026-06-01T10:00:00.000Z',
        posts: [
          {
            post_id: 'kb404',
            title: 'Broken guide',
            healthy: false,
            links_total: 2,
            links_failed: 1,
            links: [check(`${base}/missing`, 404, 'HTTP 404 Not Found'), check(`${base}/ok`, 200, null)],
          },
          {
            post_id: 'kbref',
            title: 'Refused guide',
            healthy: false,
            links_total: 1,
            links_failed: 1,
            links: [check(`${refusedBase}/x`, null, 'connection refused (ECONNREFUSED)')],
          },
          {
            post_id: 'kb500',
            title: 'Server error guide',
            healthy: false,
            links_total: 1,
            links_failed: 1,
            links: [check(`${base}/boom`, 500, 'HTTP 500 Internal Server Error')],
          },
          {
            post_id: 'kbok1',
            title: 'Healthy guide',
            healthy: true,
            links_total: 1,
            links_failed: 0,
            links: [check(`${base}/ok`, 200, null)],
          },
          { post_id: 'kbnil', title: 'No links', healthy: true, links_total: 0, links_failed: 0, links: [] },
        ],
      },
    });
    // The URL in inline code is an example, not a link: never requested.
    expect(hits.get('/in-code')).toBeUndefined();
  });

  it('a URL shared by two posts is requested once per scan', async () => {
    await untilFinished((await scan(3)).body.data.scan_id);
    expect(Object.fromEntries(hits)).toEqual({ '/ok': 1, '/missing': 1, '/boom': 1 });
  });

  it('R-LINK-CACHE D-LINK-CACHE link results are cached for 6 hours: a second scan within 6 h makes no new request', async () => {
    await untilFinished((await scan(3)).body.data.scan_id);
    clock = T0 + 6 * HOUR - 1;
    const second = (await scan(3)).body.data.scan_id;
    expect((await untilFinished(second)).body.data).toMatchObject({ state: 'completed', total: 4, failed: 3 });
    expect(Object.fromEntries(hits)).toEqual({ '/ok': 1, '/missing': 1, '/boom': 1 });
    // The cached results keep the time of the check that produced them.
    const results = await server.request('GET', '/api/v1/knowledgebase/link-health/results/3');
    expect(results.body.data.scan_id).toBe(second);
    expect(results.body.data.posts[3].links[0].checked_at).toBe('2026-06-01T10:00:00.000Z');

    clock = T0 + 6 * HOUR;
    await untilFinished((await scan(3)).body.data.scan_id);
    expect(Object.fromEntries(hits)).toEqual({ '/ok': 2, '/missing': 2, '/boom': 2 });
  });

  it('R-LINK-CACHE D-LINK-CACHE the link cache is shared across portals', async () => {
    await untilFinished((await scan(3)).body.data.scan_id);
    await untilFinished((await scan(7, asOther)).body.data.scan_id, asOther);
    // /html-link is new; nothing the first portal checked is requested again
    expect(Object.fromEntries(hits)).toEqual({ '/ok': 1, '/missing': 1, '/boom': 1, '/html-link': 1 });
  });

  it('a wysiwyg portal scans the links of its HTML articles, not URLs inside code', async () => {
    await untilFinished((await scan(7, asOther)).body.data.scan_id, asOther);
    const res = await asOther('GET', '/api/v1/knowledgebase/link-health/results/7');
    expect(res.body.data.posts).toEqual([
      {
        post_id: 'oth01',
        title: 'HTML article',
        healthy: true,
        links_total: 1,
        links_failed: 0,
        links: [check(`${base}/html-link`, 200, null)],
      },
    ]);
    expect(hits.get('/in-code')).toBeUndefined();
  });

  it('D-LINK-RESULTS results before any scan of the tab: no scan and an empty posts list', async () => {
    const res = await server.request('GET', '/api/v1/knowledgebase/link-health/results/3');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { tab_id: 3, scan_id: null, scanned_at: null, posts: [] } });
  });

  it('results are per portal: another portal with the same tab id sees no scan', async () => {
    await untilFinished((await scan(3)).body.data.scan_id);
    const res = await asOther('GET', '/api/v1/knowledgebase/link-health/results/7');
    expect(res.body).toEqual({ data: { tab_id: 7, scan_id: null, scanned_at: null, posts: [] } });
  });

  it('D-LINK-PROGRESS an unknown scan id is 404 Scan not found.', async () => {
    const res = await server.request(
      'GET',
      '/api/v1/knowledgebase/link-health/progress/00000000-0000-4000-8000-000000000000',
    );
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Scan not found.' });
  });

  it("another portal's scan id is 404 Scan not found.", async () => {
    const { scan_id } = (await scan(3)).body.data;
    await untilFinished(scan_id);
    const res = await asOther('GET', `/api/v1/knowledgebase/link-health/progress/${scan_id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Scan not found.' });
  });
});

describe('responses follow the contract schemas the client validates with', () => {
  it('scan, progress and results bodies parse with their endpoint response schemas', async () => {
    const before = await server.request('GET', '/api/v1/knowledgebase/link-health/results/3');
    expect(endpoints['knowledgebase.linkResults'].response.safeParse(before.body).success).toBe(true);
    const started = await scan(3);
    expect(endpoints['knowledgebase.scanLinks'].response.safeParse(started.body).success).toBe(true);
    const progress = await untilFinished(started.body.data.scan_id);
    expect(endpoints['knowledgebase.scanProgress'].response.safeParse(progress.body).success).toBe(true);
    const results = await server.request('GET', '/api/v1/knowledgebase/link-health/results/3');
    expect(results.body.data.posts).toHaveLength(5);
    expect(endpoints['knowledgebase.linkResults'].response.safeParse(results.body).success).toBe(true);
  });
});

describe('tab_id must refer to an existing knowledge-base tab of the portal', () => {
  it('scan: tab_id is required', async () => {
    const res = await server.request('POST', '/api/v1/knowledgebase/link-health/scan', { body: {} });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(invalid({ tab_id: ['The tab id field is required.'] }));
  });

  it('scan: tab_id must be an integer', async () => {
    const res = await server.request('POST', '/api/v1/knowledgebase/link-health/scan', { body: { tab_id: 'help' } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(invalid({ tab_id: ['The tab id field must be an integer.'] }));
  });

  it.each([
    ['an unknown tab', 999],
    ['a board tab', 1],
    ["another portal's knowledge-base tab", 7],
  ])('D-KB-TAB scan: %s is The selected tab id is invalid.', async (_label, tabId) => {
    const res = await scan(tabId);
    expect(res.status).toBe(422);
    expect(res.body).toEqual(invalid({ tab_id: ['The selected tab id is invalid.'] }));
  });

  it.each([
    ['an unknown tab', '999'],
    ['a board tab', '1'],
    ["another portal's knowledge-base tab", '7'],
    ['a non-numeric tab id', 'help'],
  ])('D-KB-TAB results: %s is The selected tab id is invalid.', async (_label, tabId) => {
    const res = await server.request('GET', `/api/v1/knowledgebase/link-health/results/${tabId}`);
    expect(res.status).toBe(422);
    expect(res.body).toEqual(invalid({ tab_id: ['The selected tab id is invalid.'] }));
  });
});
