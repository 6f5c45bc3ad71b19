import type { RateLimit } from './parse-spec.js';

export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

/**
 * A fixed window per key, as the hosted service's throttle: the window opens with a key's
 * first request and lasts `windowMs`; past `limit` requests in it every request is refused
 * until it closes.
 */
export function createRateLimiter(rule: RateLimit, now: () => number): (key: string) => RateDecision {
  const windows = new Map<string, { start: number; count: number }>();
  return (key): RateDecision => {
    const t = now();
    let w = windows.get(key);
    if (!w || t >= w.start + rule.windowMs) {
      w = { start: t, count: 0 };
      windows.set(key, w);
    }
    w.count++;
    const limit = String(rule.limit);
    const headers: Record<string, string> = { 'x-ratelimit-limit': limit };
    if (w.count <= rule.limit) {
      headers['x-ratelimit-remaining'] = String(rule.limit - w.count);
      return { allowed: true, headers };
    }
    const resetAt = w.start + rule.windowMs;
    return {
      allowed: false,
      headers: {
        ...headers,
        'x-ratelimit-remaining': '0',
        'retry-after': String(Math.max(1, Math.ceil((resetAt - t) / 1000))),
        'x-ratelimit-reset': String(Math.ceil(resetAt / 1000)),
      },
    };
  };
}
