import { afterEach, describe, expect, it } from 'vitest';
import { LinkCache } from '../../../../src/server/kb/link-health/link-cache.js';
import { ScanRegistry } from '../../../../src/server/kb/link-health/scan.js';
import type { LinkCheck, ScanArticle } from '../../../../src/server/kb/link-health/types.js';
import { fixtureSeed } from '../../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';

/** A link cache whose checks finish only when the test says so; nothing goes on the network. */
function heldChecks() {
  const pending = new Map<string, Array<() => void>>();
  const released = new Set<string>();
  const cache = new LinkCache({
    check: (url) =>
      new Promise<LinkCheck>((resolve) => {
        const finish = () =>
          resolve({
            url,
            ok: true,
            status: 200,
            error: null,
            final_url: url,
            redirects: 0,
            checked_at: new Date(0).toISOString(),
          });
        if (released.has(url)) return finish();
        pending.set(url, [...(pending.get(url) ?? []), finish]);
      }),
  });
  return {
    cache,
    /** Finishes the checks of `url`, those waiting and those still to come. */
    release(url: string) {
      released.add(url);
      for (const finish of pending.get(url) ?? []) finish();
      pending.delete(url);
    },
  };
}

const article = (url: string): ScanArticle[] => [{ key: 'a', title: 'A', body: `[x](${url})`, editorType: 'markdown' }];
const ticks = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('scan lanes', () => {
  it("one portal's running and queued scans do not delay another portal's scan", async () => {
    const held = heldChecks();
    const registry = new ScanRegistry({ defaults: { cache: held.cache } });
    const a1 = registry.start(1, 'portal-a', article('https://a.example.com/1'));
    const a2 = registry.start(1, 'portal-a', article('https://a.example.com/2'));
    const b1 = registry.start(1, 'portal-b', article('https://b.example.com/1'));
    await ticks();
    expect(registry.progress(a1)?.state).toBe('running');
    expect(registry.progress(a2)?.state).toBe('queued');
    expect(registry.progress(b1)?.state).toBe('running');

    held.release('https://b.example.com/1');
    await registry.whenDone(b1);
    expect(registry.progress(b1)?.state).toBe('completed');
    expect(registry.progress(a1)?.state).toBe('running');

    held.release('https://a.example.com/1');
    await registry.whenDone(a1);
    await ticks();
    expect(registry.progress(a2)?.state).toBe('running');
    held.release('https://a.example.com/2');
    await registry.whenDone(a2);
    expect(registry.progress(a2)?.state).toBe('completed');
  });

  it("a portal's queue is bounded: one scan more is refused with ScanQueueFull (429)", async () => {
    const held = heldChecks();
    const registry = new ScanRegistry({ maxQueuedPerPortal: 2, defaults: { cache: held.cache } });
    const ids = [1, 2, 3].map((n) => registry.start(n, 'p', article(`https://p.example.com/${n}`)));
    let refusal: unknown;
    try {
      registry.start(4, 'p', article('https://p.example.com/4'));
    } catch (err) {
      refusal = err;
    }
    expect((refusal as Error).name).toBe('ScanQueueFull');
    expect(refusal).toMatchObject({
      status: 429,
      message: 'Too many link-health scans are waiting for this portal (2); try again when one has finished.',
    });
    // Another portal is not affected, and the refused portal can scan again once its queue moves.
    expect(() => registry.start(1, 'q', article('https://q.example.com/1'))).not.toThrow();
    held.release('https://p.example.com/1');
    await registry.whenDone(ids[0]);
    expect(() => registry.start(5, 'p', article('https://p.example.com/5'))).not.toThrow();
  });
});

describe('D-LINK-SCAN-QUEUE Retry-After of a full queue', () => {
  const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://pace.example.com/${i}`);
  const articles = (list: string[]): ScanArticle[] =>
    list.map((url, i) => ({ key: `k${i}`, title: `T${i}`, body: `[x](${url})`, editorType: 'markdown' }));
  /** The refusal of one scan more: its 429 status, message and headers. */
  const refusal = (registry: ScanRegistry): { status: number; message: string; headers: Record<string, string> } => {
    try {
      registry.start(9, 'p', article('https://pace.example.com/other'));
    } catch (err) {
      expect((err as Error).name).toBe('ScanQueueFull');
      return err as { status: number; message: string; headers: Record<string, string> };
    }
    throw new Error('the scan was not refused');
  };

  it('is 5 s while the running scan has checked nothing, then its pace times the URLs left, between 1 and 60 s', async () => {
    const held = heldChecks();
    let now = 1_000_000;
    const registry = new ScanRegistry({
      maxQueuedPerPortal: 0,
      now: () => now,
      defaults: { cache: held.cache, concurrency: 1 },
    });
    const list = urls(4);
    const running = registry.start(1, 'p', articles(list));
    await ticks();
    expect(registry.progress(running)?.state).toBe('running');
    expect(refusal(registry).headers).toEqual({ 'retry-after': '5' });

    now += 2_000;
    held.release(list[0]);
    await ticks();
    expect(registry.progress(running)?.checked).toBe(1);
    expect(refusal(registry).headers).toEqual({ 'retry-after': '6' }); // 2 s a URL, 3 left

    now += 200_000;
    expect(refusal(registry).headers).toEqual({ 'retry-after': '60' });
    for (const url of list) held.release(url);
    await registry.whenDone(running);
  });
});

describe("POST link-health/scan when the portal's queue is full", () => {
  let server: TestServer;
  afterEach(() => server.close());

  it('answers 429 with a message, and the running scan is unaffected', async () => {
    const held = heldChecks();
    const seed = fixtureSeed();
    const post = (seed.portals[0] as { posts: Array<{ key: string; description?: string }> }).posts.find(
      (p) => p.key === 'kb001',
    )!;
    post.description = '[guide](https://docs.example.com/guide)';
    const scanRegistry = new ScanRegistry({ maxQueuedPerPortal: 1, defaults: { cache: held.cache } });
    server = await startTestServer(seed, { scanRegistry, linkCache: held.cache });

    const first = await server.request('POST', '/api/v1/knowledgebase/link-health/scan', { body: { tab_id: 3 } });
    const second = await server.request('POST', '/api/v1/knowledgebase/link-health/scan', { body: { tab_id: 3 } });
    const third = await server.request('POST', '/api/v1/knowledgebase/link-health/scan', { body: { tab_id: 3 } });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(third.status).toBe(429);
    expect(third.body).toEqual({
      message: 'Too many link-health scans are waiting for this portal (1); try again when one has finished.',
    });
    expect(third.headers.get('retry-after')).toBe('5');

    held.release('https://docs.example.com/guide');
    await scanRegistry.whenDone(first.body.data.scan_id);
    await scanRegistry.whenDone(second.body.data.scan_id);
    expect(scanRegistry.progress(second.body.data.scan_id)?.state).toBe('completed');
  });
});
