import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkUrl } from '../../../../src/server/kb/link-health/check-url.js';
import { describeError } from '../../../../src/server/egress/describe-error.js';
import { LinkCache } from '../../../../src/server/kb/link-health/link-cache.js';
import { ScanRegistry } from '../../../../src/server/kb/link-health/scan.js';
import type { ScanArticle, ScanCounts, ScanResult } from '../../../../src/server/kb/link-health/types.js';

/** A scan run to its end as the server runs one (by a ScanRegistry): its counts and posts; rejects with its error. */
async function runScan(articles: ScanArticle[], opts: Parameters<ScanRegistry['start']>[3] = {}): Promise<ScanResult> {
  const registry = new ScanRegistry();
  const id = registry.start(1, 'portal', articles, opts);
  await registry.whenDone(id);
  const scan = registry.latestScan('portal', 1);
  if (!scan) throw new Error(registry.progress(id)!.error!);
  const { total, checked, failed } = scan.progress;
  return { total, checked, failed, posts: scan.posts };
}

/** Every request the target server saw, as "METHOD /path". */
const seen: string[] = [];
const held: ServerResponse[] = [];
let slowArrived: (() => void) | undefined;
let endlessClosed: Promise<void> | undefined;
let concurrent = 0;
let maxConcurrent = 0;

function route(req: IncomingMessage, res: ServerResponse): void {
  const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
  seen.push(`${req.method} ${path}`);
  const chain = /^\/chain\/(\d+)$/.exec(path);
  if (chain) {
    const n = Number(chain[1]);
    if (n === 0) res.end('end of chain');
    else res.writeHead(302, { location: `./${n - 1}` }).end();
    return;
  }
  if (path.startsWith('/ok') || path.startsWith('/counted/')) {
    res.end('fine');
  } else if (path === '/moved') {
    res.writeHead(301, { location: '/ok' }).end();
  } else if (path === '/loop') {
    res.writeHead(302, { location: '/loop' }).end();
  } else if (path === '/missing') {
    res.writeHead(404).end('not here');
  } else if (path === '/broken') {
    res.writeHead(500).end('oops');
  } else if (path === '/head-refused') {
    if (req.method === 'HEAD') res.writeHead(405, { allow: 'GET' }).end();
    else res.end('served by GET');
  } else if (path === '/slow') {
    held.push(res); // never answered; the client must give up
    slowArrived?.();
  } else if (path === '/endless') {
    if (req.method === 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    endlessClosed = new Promise((resolve) => res.on('close', () => resolve()));
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    const chunk = Buffer.alloc(16 * 1024, 120);
    const pump = () => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once('drain', pump);
    };
    pump();
  } else if (path.startsWith('/conc/')) {
    concurrent++;
    maxConcurrent = Math.max(maxConcurrent, concurrent);
    setTimeout(() => {
      concurrent--;
      res.end('ok');
    }, 20);
  } else {
    res.writeHead(404).end();
  }
}

let server: Server;
let base: string;
let refusedUrl: string;
const agent = new Agent();
/** The targets here are on loopback, which the egress guard refuses unless told otherwise. */
const LOOPBACK_ALLOWED = { allowPrivate: true };

function listen(s: Server): Promise<number> {
  return new Promise((resolve) => s.listen(0, '127.0.0.1', () => resolve((s.address() as AddressInfo).port)));
}

beforeAll(async () => {
  server = createServer(route);
  base = `http://127.0.0.1:${await listen(server)}`;
  const closed = createServer();
  const port = await listen(closed);
  await new Promise((resolve) => closed.close(resolve));
  refusedUrl = `http://127.0.0.1:${port}/`;
});

afterAll(async () => {
  for (const res of held) res.destroy();
  await agent.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
});

const check = (path: string, timeoutMs?: number) =>
  checkUrl(base + path, { dispatcher: agent, egress: LOOPBACK_ALLOWED, timeoutMs });

describe('checkUrl', () => {
  it('a link answering 200 is healthy', async () => {
    const r = await check('/ok');
    expect(r).toMatchObject({
      url: `${base}/ok`,
      ok: true,
      status: 200,
      error: null,
      final_url: `${base}/ok`,
      redirects: 0,
    });
    expect(new Date(r.checked_at).toISOString()).toBe(r.checked_at);
    expect(seen).toEqual(['HEAD /ok']);
  });

  it('a 301 is followed to its target and counted', async () => {
    const r = await check('/moved');
    expect(r).toMatchObject({ ok: true, status: 200, final_url: `${base}/ok`, redirects: 1 });
  });

  it('relative redirects resolve against the current URL, up to 5 hops', async () => {
    const r = await check('/chain/5');
    expect(r).toMatchObject({ ok: true, status: 200, final_url: `${base}/chain/0`, redirects: 5 });
  });

  it('a sixth redirect fails the link with "too many redirects"', async () => {
    expect(await check('/chain/6')).toMatchObject({ ok: false, error: 'too many redirects', redirects: 5 });
  });

  it('a redirect loop fails the link with "too many redirects"', async () => {
    const r = await check('/loop');
    expect(r).toMatchObject({ ok: false, error: 'too many redirects', redirects: 5 });
    expect(seen).toHaveLength(6);
  });

  it('D-LINK-FLAGGED a link answering 404 is flagged with its status, without retrying as GET', async () => {
    expect(await check('/missing')).toMatchObject({ ok: false, status: 404, error: 'HTTP 404 Not Found' });
    expect(seen).toEqual(['HEAD /missing']);
  });

  it('a link answering 500 is flagged with its status', async () => {
    expect(await check('/broken')).toMatchObject({ ok: false, status: 500, error: 'HTTP 500 Internal Server Error' });
  });

  it('D-LINK-FLAGGED a refused connection is flagged with no status', async () => {
    const r = await checkUrl(refusedUrl, { dispatcher: agent, egress: LOOPBACK_ALLOWED });
    expect(r).toMatchObject({ ok: false, status: null, error: 'connection refused (ECONNREFUSED)' });
  });

  it('a HEAD refused with 405 is retried as GET and counted ok', async () => {
    expect(await check('/head-refused')).toMatchObject({ ok: true, status: 200, error: null });
    expect(seen).toEqual(['HEAD /head-refused', 'GET /head-refused']);
  });

  it('a server slower than the timeout is flagged as timed out', async () => {
    expect(await check('/slow', 300)).toMatchObject({ ok: false, status: null, error: 'timed out after 300 ms' });
  });

  it('an endless GET body is cut off after a prefix and the check still finishes', async () => {
    expect(await check('/endless')).toMatchObject({ ok: true, status: 200 });
    await endlessClosed; // the server saw the connection dropped
  });

  it('DNS failures read as "host not found"', () => {
    const err = Object.assign(new Error('getaddrinfo ENOTFOUND nowhere'), { code: 'ENOTFOUND' });
    expect(describeError(err, 10_000)).toBe('host not found (ENOTFOUND)');
  });

  it('a non-http URL is flagged without a request', async () => {
    expect(await checkUrl('ftp://127.0.0.1/x', { dispatcher: agent, egress: LOOPBACK_ALLOWED })).toMatchObject({
      ok: false,
      status: null,
      error: 'unsupported scheme (ftp:)',
    });
  });
});

describe('LinkCache', () => {
  it('a second scan within 6 hours makes no new request to a cached URL, and one after 6 hours does', async () => {
    let clock = 1_000_000;
    const cache = new LinkCache({ now: () => clock });
    const articles: ScanArticle[] = [
      { key: 'p1', title: 'One', body: `[a](${base}/counted/ttl)`, editorType: 'markdown' },
    ];
    const scan = () => runScan(articles, { cache, dispatcher: agent, egress: LOOPBACK_ALLOWED });

    await scan();
    expect(seen).toEqual(['HEAD /counted/ttl']);
    clock += 6 * 60 * 60_000 - 1;
    const cached = await scan();
    expect(seen).toHaveLength(1);
    expect(cached.posts[0].links[0].checked_at).toBe(new Date(1_000_000).toISOString());
    clock += 2;
    await scan();
    expect(seen).toEqual(['HEAD /counted/ttl', 'HEAD /counted/ttl']);
  });

  it('concurrent checks of one URL share a single request', async () => {
    const cache = new LinkCache();
    const [a, b] = await Promise.all([
      cache.check(`${base}/counted/shared`, { dispatcher: agent, egress: LOOPBACK_ALLOWED }),
      cache.check(`${base}/counted/shared#section`, { dispatcher: agent, egress: LOOPBACK_ALLOWED }),
    ]);
    expect(seen).toEqual(['HEAD /counted/shared']);
    expect(a.url).toBe(`${base}/counted/shared`);
    expect(b.url).toBe(`${base}/counted/shared#section`);
    expect(b.ok).toBe(true);
  });
});

describe('a scan', () => {
  const articles = (): ScanArticle[] => [
    { key: 'z', title: 'Zeta', body: `[ok](${base}/ok)`, editorType: 'markdown' },
    { key: 'a', title: 'Alpha', body: `<a href="${base}/ok">ok</a> ${base}/moved`, editorType: 'wysiwyg' },
    { key: 'g', title: 'Gamma', body: `[ok](${base}/ok) and [bad](${base}/broken)`, editorType: 'markdown' },
    { key: 'b', title: 'Beta', body: `See ${base}/missing.`, editorType: 'markdown' },
    { key: 'n', title: 'No links', body: 'nothing here', editorType: 'markdown' },
  ];

  it('orders posts failed first, then by title, and counts failed distinct URLs', async () => {
    const result = await runScan(articles(), { cache: new LinkCache(), dispatcher: agent, egress: LOOPBACK_ALLOWED });
    expect(result.posts.map((p) => p.post_key)).toEqual(['b', 'g', 'a', 'n', 'z']);
    expect(result).toMatchObject({ total: 4, checked: 4, failed: 2 });
    expect(result.posts[1]).toMatchObject({ title: 'Gamma', healthy: false, links_total: 2, links_failed: 1 });
    expect(result.posts[1].links.map((l) => [l.url, l.status])).toEqual([
      [`${base}/ok`, 200],
      [`${base}/broken`, 500],
    ]);
    expect(result.posts[3]).toMatchObject({ healthy: true, links_total: 0, links: [] });
  });

  it('checks a URL shared by several articles once', async () => {
    await runScan(articles(), { cache: new LinkCache(), dispatcher: agent, egress: LOOPBACK_ALLOWED });
    expect(seen.filter((s) => s === 'HEAD /ok')).toHaveLength(2); // /ok itself, and as /moved's target
  });

  it('reports progress with the total first and after each URL', async () => {
    const registry = new ScanRegistry();
    let id = '';
    const reports: ScanCounts[] = [];
    const report = () => {
      const { total, checked, failed } = registry.progress(id)!;
      reports.push({ total, checked, failed });
    };
    /** Notes the progress as each URL's check starts: one at a time, each once the one before is counted. */
    class NotingCache extends LinkCache {
      override check(...args: Parameters<LinkCache['check']>) {
        report();
        return super.check(...args);
      }
    }
    const opts = { cache: new NotingCache(), dispatcher: agent, egress: LOOPBACK_ALLOWED, concurrency: 1 };
    id = registry.start(1, 'portal', articles(), opts);
    await registry.whenDone(id);
    report();
    expect(reports[0]).toEqual({ total: 4, checked: 0, failed: 0 });
    expect(reports.map((r) => r.checked)).toEqual([0, 1, 2, 3, 4]);
    expect(reports.at(-1)).toEqual({ total: 4, checked: 4, failed: 2 });
  });

  it('never checks more URLs at once than the concurrency allows', async () => {
    maxConcurrent = 0;
    const body = Array.from({ length: 6 }, (_, i) => `${base}/conc/${i}`).join(' ');
    const result = await runScan([{ key: 'c', title: 'C', body, editorType: 'markdown' }], {
      cache: new LinkCache(),
      dispatcher: agent,
      egress: LOOPBACK_ALLOWED,
      concurrency: 2,
    });
    expect(result.checked).toBe(6);
    expect(maxConcurrent).toBeGreaterThan(0);
    expect(maxConcurrent).toBeLessThanOrEqual(2);
  });

  it('an aborted scan rejects without waiting for in-flight checks', async () => {
    const controller = new AbortController();
    slowArrived = () => controller.abort(new Error('scan cancelled'));
    const scan = runScan([{ key: 's', title: 'S', body: `${base}/slow`, editorType: 'markdown' }], {
      cache: new LinkCache(),
      dispatcher: agent,
      egress: LOOPBACK_ALLOWED,
      timeoutMs: 15_000,
      signal: controller.signal,
    });
    await expect(scan).rejects.toThrow('scan cancelled');
    slowArrived = undefined;
  });
});

describe('ScanRegistry', () => {
  const tabArticles = (): ScanArticle[] => [
    { key: 'ok', title: 'Fine', body: `${base}/ok`, editorType: 'markdown' },
    { key: 'bad', title: 'Broken', body: `${base}/missing`, editorType: 'markdown' },
  ];

  it('runs a scan in the background and keeps its progress and latest results per portal and tab', async () => {
    const registry = new ScanRegistry({
      defaults: { cache: new LinkCache(), dispatcher: agent, egress: LOOPBACK_ALLOWED },
    });
    const id = registry.start(7, 'portal-1', tabArticles());
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(registry.progress(id)).toMatchObject({ scan_id: id, tab_id: 7, state: 'queued', started_at: null });
    expect(registry.latestResults('portal-1', 7)).toBeUndefined();

    await registry.whenDone(id);
    const done = registry.progress(id)!;
    expect(done).toMatchObject({ state: 'completed', total: 2, checked: 2, failed: 1, error: null });
    expect(done.started_at).not.toBeNull();
    expect(done.finished_at).not.toBeNull();
    expect(registry.latestResults('portal-1', 7)?.map((p) => p.post_key)).toEqual(['bad', 'ok']);
    expect(registry.latestResults('portal-2', 7)).toBeUndefined();
    expect(registry.latestResults('portal-1', 8)).toBeUndefined();
  });

  it('an unknown scan id, or another portal asking, gets no progress', async () => {
    const registry = new ScanRegistry({
      defaults: { cache: new LinkCache(), dispatcher: agent, egress: LOOPBACK_ALLOWED },
    });
    expect(registry.progress('00000000-0000-4000-8000-000000000000')).toBeUndefined();
    const id = registry.start(1, 'p', []);
    await registry.whenDone(id);
    expect(registry.progress(id, 'p')).toMatchObject({ state: 'completed', total: 0 });
    expect(registry.progress(id, 'other')).toBeUndefined();
  });

  it('a scan that cannot finish is marked failed with its error and leaves earlier results in place', async () => {
    const registry = new ScanRegistry({
      defaults: { cache: new LinkCache(), dispatcher: agent, egress: LOOPBACK_ALLOWED },
    });
    const first = registry.start(3, 'p', tabArticles());
    await registry.whenDone(first);
    const id = registry.start(3, 'p', tabArticles(), { signal: AbortSignal.abort(new Error('cancelled')) });
    await registry.whenDone(id);
    expect(registry.progress(id)).toMatchObject({ state: 'failed', error: 'cancelled' });
    expect(registry.latestResults('p', 3)).toHaveLength(2);
  });

  it('scans beyond maxRunning wait queued until a slot frees', async () => {
    const registry = new ScanRegistry({
      maxRunning: 1,
      defaults: { cache: new LinkCache(), dispatcher: agent, egress: LOOPBACK_ALLOWED },
    });
    const a = registry.start(1, 'p', tabArticles());
    const b = registry.start(2, 'p', tabArticles());
    await Promise.resolve();
    await Promise.resolve();
    expect(registry.progress(a)?.state).toBe('running');
    expect(registry.progress(b)?.state).toBe('queued');
    await registry.whenDone(b);
    expect(registry.progress(a)?.state).toBe('completed');
    expect(registry.progress(b)?.state).toBe('completed');
  });
});
