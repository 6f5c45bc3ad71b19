/**
 * How many requests a batch keeps in flight, adapting to rate limiting: when at least
 * half of the recent answers are 429 the limit halves; when fewer than a quarter are,
 * it grows by one again up to the ceiling. A few stray 429s (a proxy's hiccup) change
 * nothing; a service that limits every request is met with fewer requests.
 */
export class AdaptiveConcurrency {
  private recent: boolean[] = [];
  limit: number;

  constructor(
    readonly ceiling: number,
    private readonly window = 20,
  ) {
    this.limit = ceiling;
  }

  /** One answer: `limited` when it was a 429. Returns the new limit when it changed. */
  record(limited: boolean): number | undefined {
    this.recent.push(limited);
    if (this.recent.length > this.window) this.recent.shift();
    const enough = this.recent.length >= Math.min(this.window, Math.max(4, this.limit * 2));
    if (!enough) return undefined;
    const share = this.recent.filter(Boolean).length / this.recent.length;
    if (share >= 0.5 && this.limit > 1) return this.change(Math.max(1, Math.floor(this.limit / 2)));
    if (share < 0.25 && this.recent.length >= this.window && this.limit < this.ceiling)
      return this.change(this.limit + 1);
    return undefined;
  }

  private change(limit: number): number {
    this.limit = limit;
    this.recent = [];
    return limit;
  }
}
