import { checkUrl, type CheckOptions } from './check-url.js';
import type { LinkCheck } from './types.js';

const LINK_CACHE_TTL_MS = 6 * 60 * 60 * 1000;

export interface LinkCacheOptions {
  ttlMs?: number;
  now?: () => number;
  /** Past this many entries, expired ones are dropped, then the oldest. */
  maxEntries?: number;
  check?: (url: string, opts: CheckOptions) => Promise<LinkCheck>;
}

interface Entry {
  result: LinkCheck;
  expiresAt: number;
}

/**
 * URL check results, shared by every post and portal of the process for `ttlMs`.
 * Expiry is checked on read, so the cache holds no timer.
 */
export class LinkCache {
  readonly #entries = new Map<string, Entry>();
  readonly #inFlight = new Map<string, Promise<LinkCheck>>();
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #maxEntries: number;
  readonly #check: (url: string, opts: CheckOptions) => Promise<LinkCheck>;

  constructor(opts: LinkCacheOptions = {}) {
    this.#ttlMs = opts.ttlMs ?? LINK_CACHE_TTL_MS;
    this.#now = opts.now ?? Date.now;
    this.#maxEntries = opts.maxEntries ?? 50_000;
    this.#check = opts.check ?? checkUrl;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The cached, unexpired result for `url`, reported under that spelling of the URL. */
  get(url: string): LinkCheck | undefined {
    const key = cacheKey(url);
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return withUrl(entry.result, url);
  }

  /**
   * The cached result, or a fresh check. Concurrent callers for one URL share a
   * single request. The caller's signal only stops that caller waiting: the shared
   * check runs on (bounded by its timeout) for the others and is still cached.
   */
  async check(url: string, opts: Omit<CheckOptions, 'now'> = {}): Promise<LinkCheck> {
    opts.signal?.throwIfAborted();
    const cached = this.get(url);
    if (cached !== undefined) return cached;
    const key = cacheKey(url);
    let pending = this.#inFlight.get(key);
    if (pending === undefined) {
      pending = this.#check(url, { ...opts, signal: undefined, now: this.#now })
        .then((result) => {
          this.#store(key, result);
          return result;
        })
        .finally(() => this.#inFlight.delete(key));
      this.#inFlight.set(key, pending);
    }
    return withUrl(await untilAborted(pending, opts.signal), url);
  }

  delete(url: string): boolean {
    return this.#entries.delete(cacheKey(url));
  }

  clear(): void {
    this.#entries.clear();
  }

  #store(key: string, result: LinkCheck): void {
    this.#entries.delete(key); // re-insert so Map order stays oldest-first
    this.#entries.set(key, { result, expiresAt: this.#now() + this.#ttlMs });
    if (this.#entries.size <= this.#maxEntries) return;
    const now = this.#now();
    for (const [k, e] of this.#entries) if (e.expiresAt <= now) this.#entries.delete(k);
    for (const k of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxEntries) break;
      this.#entries.delete(k);
    }
  }
}

/** The process-wide cache the scanner uses unless given another. */
export const defaultLinkCache = new LinkCache();

/** Fragments never reach the server, so `page#a` and `page#b` share one check. */
function cacheKey(url: string): string {
  try {
    const u = new URL(url);
    u.hash = '';
    return u.href;
  } catch {
    return url;
  }
}

function withUrl(result: LinkCheck, url: string): LinkCheck {
  return result.url === url ? result : { ...result, url };
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
