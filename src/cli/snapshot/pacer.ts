/** How many requests a window allows: the hosted service allows 120 per 60 s per key. */
export interface Rate {
  count: number;
  windowMs: number;
}

export const HOSTED_RATE: Rate = { count: 120, windowMs: 60_000 };

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `120/60s`, `10/1s`, `500/5m`; `off` (or `0`) for no pacing. Throws with the accepted forms otherwise. */
export function parseRate(value: string): Rate | null {
  const v = value.trim().toLowerCase();
  if (v === 'off' || v === 'none' || v === '0') return null;
  const m = /^(\d+)\/(\d+(?:\.\d+)?)(ms|[smh])$/.exec(v);
  const count = m ? Number(m[1]) : 0;
  const windowMs = m ? Number(m[2]) * UNIT_MS[m[3]] : 0;
  if (!m || count < 1 || windowMs <= 0) {
    throw new Error(`invalid rate "${value}": expected N/WINDOW like 120/60s, 10/1s or 500/5m, or "off"`);
  }
  return { count, windowMs };
}

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Keeps requests within `count` per any window of `windowMs` (a sliding log of
 * the last `count` start times), so a server counting in fixed windows never
 * sees more than `count` in one of its windows either. Small crawls go at full
 * speed; long ones settle at count/window.
 */
export class Pacer {
  private readonly starts: number[] = [];
  private next = 0;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly rate: Rate | null,
    private readonly clock: Clock = realClock,
  ) {}

  /** Resolves when one more request may start; calls are served in order. */
  take(): Promise<void> {
    const turn = this.queue.then(() => this.wait());
    this.queue = turn.catch(() => {});
    return turn;
  }

  /** Pushes every later start past `ms` from now (a 429 said to wait). */
  holdFor(ms: number): void {
    if (!this.rate) return;
    const until = this.clock.now() + ms - this.rate.windowMs;
    for (let i = 0; i < this.starts.length; i++) this.starts[i] = Math.max(this.starts[i], until);
    while (this.starts.length < this.rate.count) this.starts.push(until);
  }

  private async wait(): Promise<void> {
    if (!this.rate) return;
    const { count, windowMs } = this.rate;
    if (this.starts.length === count) {
      const oldest = this.starts[this.next];
      const delay = oldest + windowMs - this.clock.now();
      if (delay > 0) await this.clock.sleep(delay);
    }
    const now = this.clock.now();
    if (this.starts.length < count) this.starts.push(now);
    else {
      this.starts[this.next] = now;
      this.next = (this.next + 1) % count;
    }
  }
}
