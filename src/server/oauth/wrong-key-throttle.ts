export interface ThrottleLimits {
  /** Wrong keys a portal's consent pages take within the window before refusing more. */
  wrongKeys: number;
  windowMs: number;
}

/**
 * Wrong API keys typed on a portal's consent pages, counted per portal in a sliding
 * window: past the limit the page answers 429 until the oldest wrong key leaves the
 * window, so keys cannot be guessed there whatever the number of consents opened.
 */
export class WrongKeyThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly limits: ThrottleLimits) {}

  /** Seconds to wait before the portal takes another key; undefined when it takes one now. */
  waitSeconds(portal: string, now: number): number | undefined {
    const recent = this.recent(portal, now);
    if (recent.length < this.limits.wrongKeys) return undefined;
    return Math.max(1, Math.ceil((recent[0] + this.limits.windowMs - now) / 1000));
  }

  record(portal: string, now: number): void {
    const recent = this.recent(portal, now);
    recent.push(now);
    if (recent.length > this.limits.wrongKeys) recent.shift();
    this.failures.set(portal, recent);
  }

  private recent(portal: string, now: number): number[] {
    const recent = (this.failures.get(portal) ?? []).filter((t) => t + this.limits.windowMs > now);
    if (recent.length) this.failures.set(portal, recent);
    else this.failures.delete(portal);
    return recent;
  }
}
