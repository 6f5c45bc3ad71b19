import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSeed } from '../../src/server/store/seeding/demo-seed.js';
import { runFp, startFpServer, type FpServer } from '../support/run-fp.js';

const READ_ONLY = 'acme-readonly';
/** The proxy asks the server for pages this small, so the post list has several. */
const SMALL = 5;

type Page = { data: Array<{ id: string }>; hasMore: boolean; total: number; skip: number; limit: number };
/** What a misbehaving portal does to a page of the post list (after the first) before sending it. */
type Misbehave = (page: Page, skip: number, first: Page) => Page;

let source: FpServer;
let dir: string;
beforeAll(async () => {
  source = await startFpServer(demoSeed());
  dir = mkdtempSync(join(tmpdir(), 'fp-bad-pages-'));
});
afterAll(() => source.stop());

/**
 * A loopback proxy in front of the real server: every request is forwarded, the post list in
 * pages of five; `misbehave` rewrites the pages of the unfiltered list. Counts list requests.
 */
async function misbehavingPortal(misbehave: Misbehave) {
  let listRequests = 0;
  let first: Page | undefined;
  const proxy: Server = createServer(async (req, res) => {
    const url = new URL(req.url!, source.url);
    const list = url.pathname === '/api/v1/posts';
    const unfiltered = list && !url.searchParams.has('tab') && !url.searchParams.has('platform');
    if (list) url.searchParams.set('limit', String(SMALL));
    const upstream = await request(source.url + url.pathname + url.search, {
      headers: { authorization: req.headers.authorization!, accept: String(req.headers.accept) },
    });
    let body = Buffer.from(await upstream.body.arrayBuffer());
    if (unfiltered && upstream.statusCode === 200) {
      listRequests++;
      const skip = Number(url.searchParams.get('skip') ?? 0);
      const page = JSON.parse(body.toString('utf8')) as Page;
      if (skip === 0) first = page;
      else body = Buffer.from(JSON.stringify(misbehave(page, skip, first!)));
    }
    const headers = { ...upstream.headers, 'content-length': String(body.length) } as Record<string, string>;
    delete headers['transfer-encoding'];
    res.writeHead(upstream.statusCode, headers).end(body);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    listRequests: () => listRequests,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.close(() => resolve());
        proxy.closeAllConnections();
      }),
  };
}

/** A snapshot through a misbehaving portal: its result, the list requests it made and the journal's post lines. */
async function snapshotThrough(name: string, misbehave: Misbehave) {
  const portal = await misbehavingPortal(misbehave);
  const out = join(dir, `${name}.json`);
  try {
    const r = await runFp(['portal', 'snapshot', '--rate', 'off', '--include', 'posts', '--output', out], {
      baseUrl: portal.url,
      apiKey: READ_ONLY,
      timeoutMs: 30_000,
    });
    const partPath = join(`${out}.partial`, 'posts.ndjson');
    const part = existsSync(partPath) ? readFileSync(partPath, 'utf8') : '';
    const keys = part
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l).post.key as string);
    return { ...r, out, listRequests: portal.listRequests(), keys };
  } finally {
    await portal.close();
  }
}

describe('fp portal snapshot stops on bad pagination and says which', () => {
  it('a page that repeats ids already seen (the first page served again, forever)', { timeout: 60_000 }, async () => {
    const r = await snapshotThrough('repeat', (_page, _skip, first) => first);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error: bad pagination from GET /api/v1/posts: page 2 repeats ids already listed (');
    expect(r.stderr).toContain('The partial snapshot is kept in');
    expect(existsSync(r.out)).toBe(false);
    // The journal holds the first page once: nothing of the repeated page was written.
    expect(r.listRequests).toBe(2);
    expect(r.keys).toHaveLength(SMALL);
    expect(new Set(r.keys).size).toBe(SMALL);
  });

  it('a cursor that does not advance (an empty page that says there are more)', { timeout: 60_000 }, async () => {
    const r = await snapshotThrough('stuck', (page) => ({ ...page, data: [], hasMore: true }));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'error: bad pagination from GET /api/v1/posts: page 2 says there are more, but the cursor does not advance (skip 5 again); stopped there',
    );
    expect(r.listRequests).toBe(2);
    expect(r.keys).toHaveLength(SMALL);
  });

  it('more pages than the reported total allows (fresh ids, hasMore forever)', { timeout: 60_000 }, async () => {
    // The portal reports 7 posts, yet its second page still says there are more.
    const r = await snapshotThrough('past-total', (page) => ({ ...page, total: 7, hasMore: true }));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `error: bad pagination from GET /api/v1/posts: page 2 says there are more after all 7 items the server reported (2 pages of ${SMALL}); stopped there`,
    );
    expect(r.listRequests).toBe(2);
    expect(r.keys.length).toBeLessThanOrEqual(2 * SMALL);
    expect(statSync(join(`${r.out}.partial`, 'progress.json')).isFile()).toBe(true);
  });

  it('the same portal paged correctly gives a whole snapshot (the proxy alone changes nothing)', {
    timeout: 60_000,
  }, async () => {
    const r = await snapshotThrough('good', (page) => page);
    expect(r.code, r.stderr).toBe(0);
    expect(r.listRequests).toBeGreaterThan(2);
    const posts = JSON.parse(readFileSync(r.out, 'utf8')).portals[0].posts as Array<{ key: string }>;
    expect(new Set(posts.map((p) => p.key)).size).toBe(posts.length);
  });
});
