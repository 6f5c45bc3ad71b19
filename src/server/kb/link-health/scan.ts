import { randomUUID } from 'node:crypto';
import type { Dispatcher } from 'undici';
import type { EgressPolicy } from '../../egress/egress-guard.js';
import { extractLinks } from './extract-links.js';
import { defaultLinkCache, type LinkCache } from './link-cache.js';
import type { OwnLinkCheck } from './own-portal-links.js';
import type { LinkCheck, PostHealth, ScanArticle, ScanCounts, ScanProgress, ScanResult } from './types.js';

export interface ScanOptions {
  /** Distinct URLs checked at once; default 8. */
  concurrency?: number;
  cache?: LinkCache;
  timeoutMs?: number;
  dispatcher?: Dispatcher;
  /** Where links may point; by default no loopback, private, link-local or metadata address is fetched. */
  egress?: EgressPolicy;
  /** Answers links to the portal's own pages from its data, without a request. */
  ownLinks?: OwnLinkCheck;
  /** Called once with the total before any check, then after each distinct URL. */
  onProgress?: (p: ScanCounts) => void;
  signal?: AbortSignal;
}

async function runScan(articles: ScanArticle[], opts: ScanOptions = {}): Promise<ScanResult> {
  const { signal, onProgress, timeoutMs, dispatcher, egress } = opts;
  const cache = opts.cache ?? defaultLinkCache;
  const concurrency = Math.max(1, Math.floor(opts.concurrency ?? 8));
  signal?.throwIfAborted();

  const linksByArticle = articles.map((a) => extractLinks(a.body, a.editorType));
  const urls = [...new Set(linksByArticle.flat())];
  const checks = new Map<string, LinkCheck>();
  const counts: ScanCounts = { total: urls.length, checked: 0, failed: 0 };
  onProgress?.({ ...counts });

  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < urls.length) {
      signal?.throwIfAborted();
      const url = urls[next++];
      const check = opts.ownLinks?.(url) ?? (await cache.check(url, { timeoutMs, dispatcher, egress, signal }));
      checks.set(url, check);
      counts.checked++;
      if (!check.ok) counts.failed++;
      onProgress?.({ ...counts });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, urls.length) }, worker));

  const posts = articles.map((article, i): PostHealth => {
    const links = linksByArticle[i].map((url) => checks.get(url)!);
    const failed = links.filter((l) => !l.ok).length;
    return {
      post_key: article.key,
      title: article.title,
      healthy: failed === 0,
      links_total: links.length,
      links_failed: failed,
      links,
    };
  });
  posts.sort(
    (a, b) =>
      Number(a.healthy) - Number(b.healthy) || a.title.localeCompare(b.title) || a.post_key.localeCompare(b.post_key),
  );
  return { ...counts, posts };
}

export interface ScanRegistryOptions {
  /** Defaults for every scan: cache, concurrency, timeoutMs, dispatcher. */
  defaults?: Omit<ScanOptions, 'onProgress' | 'signal'>;
  /** Scans of one portal running at once: its share. Default 1. */
  maxRunningPerPortal?: number;
  /** Scans of one portal waiting in state `queued`; one more is refused with ScanQueueFull. Default 4. */
  maxQueuedPerPortal?: number;
  /** Scans of all portals running at once; unbounded by default, so no portal waits for another's. */
  maxRunning?: number;
  /** Finished scans remembered for progress polling; the oldest are forgotten first. Default 200. */
  maxFinished?: number;
  now?: () => number;
}

/** A portal's queue of scans is full: answered 429, with the seconds until a running scan is likely to finish. */
class ScanQueueFull extends Error {
  override readonly name = 'ScanQueueFull';
  readonly status = 429;
  readonly headers: Record<string, string>;
  constructor(queued: number, retryAfterSeconds: number) {
    super(`Too many link-health scans are waiting for this portal (${queued}); try again when one has finished.`);
    this.headers = { 'retry-after': String(retryAfterSeconds) };
  }
}

/** Retry-After when no running scan has checked a URL yet, and its bounds. */
const RETRY_AFTER_UNKNOWN = 5;
const RETRY_AFTER_MAX = 60;

interface ScanRecord {
  progress: ScanProgress;
  portal: string;
  seq: number;
  done: Promise<void>;
  posts?: PostHealth[];
}

/** One portal's share: its running scans and the ones waiting for a slot. */
interface Lane {
  running: number;
  waiting: Array<() => void>;
}

/**
 * Background scans held in memory. Each portal has its own lane (running share
 * and bounded queue), so a portal that queues many scans delays only itself.
 * Holds no timers, so an idle registry never keeps the process alive.
 */
export class ScanRegistry {
  readonly #scans = new Map<string, ScanRecord>();
  readonly #latest = new Map<string, ScanRecord>();
  readonly #lanes = new Map<string, Lane>();
  readonly #defaults: Omit<ScanOptions, 'onProgress' | 'signal'>;
  readonly #perPortal: number;
  readonly #maxQueued: number;
  readonly #maxRunning: number;
  readonly #maxFinished: number;
  readonly #now: () => number;
  #running = 0;
  #seq = 0;

  constructor(opts: ScanRegistryOptions = {}) {
    this.#defaults = opts.defaults ?? {};
    this.#perPortal = Math.max(1, opts.maxRunningPerPortal ?? 1);
    this.#maxQueued = Math.max(0, opts.maxQueuedPerPortal ?? 4);
    this.#maxRunning = Math.max(1, opts.maxRunning ?? Infinity);
    this.#maxFinished = Math.max(1, opts.maxFinished ?? 200);
    this.#now = opts.now ?? Date.now;
  }

  /** Starts (or queues) a scan and returns its id; throws ScanQueueFull when the portal's queue is full. */
  start(
    tabId: number,
    portalId: string | number,
    articles: ScanArticle[],
    opts: Omit<ScanOptions, 'onProgress'> = {},
  ): string {
    const lane = this.#lane(String(portalId));
    if (!this.#canStart(lane) && lane.waiting.length >= this.#maxQueued) {
      throw new ScanQueueFull(lane.waiting.length, this.#secondsUntilSlot(String(portalId)));
    }
    const scanId = randomUUID();
    const record: ScanRecord = {
      progress: {
        scan_id: scanId,
        tab_id: tabId,
        state: 'queued',
        total: 0,
        checked: 0,
        failed: 0,
        started_at: null,
        finished_at: null,
        error: null,
      },
      portal: String(portalId),
      seq: ++this.#seq,
      done: Promise.resolve(),
    };
    this.#scans.set(scanId, record);
    record.done = this.#run(record, lane, articles, opts);
    return scanId;
  }

  /** A snapshot of the scan's progress; undefined when unknown or, given `portalId`, another portal's. */
  progress(scanId: string, portalId?: string | number): ScanProgress | undefined {
    const record = this.#scans.get(scanId);
    if (record === undefined || (portalId !== undefined && record.portal !== String(portalId))) return undefined;
    return { ...record.progress };
  }

  /** Posts of the most recently started scan of the tab that completed. */
  latestResults(portalId: string | number, tabId: number): PostHealth[] | undefined {
    return this.#latest.get(tabKey(portalId, tabId))?.posts;
  }

  /** The most recently started scan of the tab that completed: its final progress and its posts. */
  latestScan(portalId: string | number, tabId: number): { progress: ScanProgress; posts: PostHealth[] } | undefined {
    const record = this.#latest.get(tabKey(portalId, tabId));
    return record?.posts === undefined ? undefined : { progress: { ...record.progress }, posts: record.posts };
  }

  /** Settles when the scan has finished, whatever its outcome. */
  whenDone(scanId: string): Promise<void> | undefined {
    return this.#scans.get(scanId)?.done;
  }

  async #run(
    record: ScanRecord,
    lane: Lane,
    articles: ScanArticle[],
    opts: Omit<ScanOptions, 'onProgress'>,
  ): Promise<void> {
    const p = record.progress;
    if (this.#canStart(lane)) {
      this.#take(lane);
      await Promise.resolve(); // start() returns the id before any work happens
    } else {
      await new Promise<void>((resolve) => lane.waiting.push(resolve)); // a finishing scan hands over a slot
    }
    p.state = 'running';
    p.started_at = this.#iso();
    try {
      const result = await runScan(articles, {
        ...this.#defaults,
        ...opts,
        onProgress: (c) => Object.assign(p, c),
      });
      Object.assign(p, { total: result.total, checked: result.checked, failed: result.failed });
      record.posts = result.posts;
      const key = tabKey(record.portal, p.tab_id);
      const current = this.#latest.get(key);
      if (current === undefined || current.seq < record.seq) this.#latest.set(key, record);
      p.finished_at = this.#iso();
      p.state = 'completed';
    } catch (err) {
      p.error = err instanceof Error ? err.message : String(err);
      p.finished_at = this.#iso();
      p.state = 'failed';
    } finally {
      this.#release(lane);
      this.#forgetOldFinished();
    }
  }

  /**
   * When the portal's first running scan should finish, from its pace so far
   * (time per URL checked × URLs left); a refused client is told to come back then.
   */
  #secondsUntilSlot(portal: string): number {
    let soonest = Infinity;
    for (const { portal: owner, progress: p } of this.#scans.values()) {
      if (owner !== portal || p.state !== 'running' || p.started_at === null || p.checked === 0) continue;
      const elapsed = this.#now() - Date.parse(p.started_at);
      soonest = Math.min(soonest, (elapsed / p.checked) * (p.total - p.checked));
    }
    if (soonest === Infinity) return RETRY_AFTER_UNKNOWN;
    return Math.min(RETRY_AFTER_MAX, Math.max(1, Math.ceil(soonest / 1000)));
  }

  #lane(portal: string): Lane {
    let lane = this.#lanes.get(portal);
    if (lane === undefined) {
      lane = { running: 0, waiting: [] };
      this.#lanes.set(portal, lane);
    }
    return lane;
  }

  #canStart(lane: Lane): boolean {
    return lane.running < this.#perPortal && this.#running < this.#maxRunning;
  }

  #take(lane: Lane): void {
    lane.running++;
    this.#running++;
  }

  /** Frees a slot and starts what may start: other portals' waiting scans first, then this portal's. */
  #release(lane: Lane): void {
    lane.running--;
    this.#running--;
    const lanes = [...this.#lanes.values()];
    const after = lanes.indexOf(lane) + 1;
    for (const next of [...lanes.slice(after), ...lanes.slice(0, after)]) {
      while (next.waiting.length > 0 && this.#canStart(next)) {
        this.#take(next);
        next.waiting.shift()!();
      }
    }
  }

  #forgetOldFinished(): void {
    let finished = 0;
    for (const r of this.#scans.values()) if (r.progress.finished_at !== null) finished++;
    for (const [id, r] of this.#scans) {
      if (finished <= this.#maxFinished) return;
      if (r.progress.finished_at === null) continue;
      this.#scans.delete(id);
      finished--;
    }
  }

  #iso(): string {
    return new Date(this.#now()).toISOString();
  }
}

function tabKey(portalId: string | number, tabId: number): string {
  return `${String(portalId)}\u0000${tabId}`;
}
