export interface ThrottleLimits {
  /** Wrong keys one client address may type on a portal's consent pages within the window. */
  wrongKeys: number;
  windowMs: number;
}

/** Addresses remembered at most; past it those whose window has passed are forgotten first. */
const MAX_REMEMBERED = 10_000;

/**
 * Wrong API keys typed on a portal's consent pages, counted per portal and client
 * address in a sliding window: past the limit that address is answered 429 until its
 * oldest wrong key leaves the window. Another address, the administrator's, is never
 * made to wait by what a stranger types (`D-CLIENT-ADDRESS`).
 */
export class WrongKeyThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly limits: ThrottleLimits) {}

  /** Seconds the address must wait before the portal takes another key from it; undefined when it takes one now. */
  waitSeconds(portal: string, address: string, now: number): number | undefined {
    const recent = this.recent(key(portal, address), now);
    if (recent.length < this.limits.wrongKeys) return undefined;
    return Math.max(1, Math.ceil((recent[0] + this.limits.windowMs - now) / 1000));
  }

  record(portal: string, address: string, now: number): void {
    const k = key(portal, address);
    const recent = this.recent(k, now);
    recent.push(now);
    if (recent.length > this.limits.wrongKeys) recent.shift();
    this.failures.delete(k); // re-inserted last: the map stays ordered by last wrong key
    this.failures.set(k, recent);
    if (this.failures.size > MAX_REMEMBERED) this.forget(now);
  }

  private recent(k: string, now: number): number[] {
    const recent = (this.failures.get(k) ?? []).filter((t) => t + this.limits.windowMs > now);
    if (recent.length) this.failures.set(k, recent);
    else this.failures.delete(k);
    return recent;
  }

  /** Drops the addresses whose window has passed; if too many remain, those whose last wrong key is oldest. */
  private forget(now: number): void {
    for (const [k, times] of this.failures)
      if (times[times.length - 1] + this.limits.windowMs <= now) this.failures.delete(k);
    for (const k of this.failures.keys()) {
      if (this.failures.size <= MAX_REMEMBERED) break;
      this.failures.delete(k);
    }
  }
}

const key = (portal: string, address: string) => `${portal}\n${address}`;
