import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/client/errors.js';
import { pacedClient } from '../../../src/cli/snapshot/paced-client.js';
import { HOSTED_RATE, Pacer, parseRate, type Clock } from '../../../src/cli/snapshot/pacer.js';
import type { ApiClient } from '../../../src/client/api-client.js';

/** A clock that only moves when someone sleeps: starts are exact and the test takes no time. */
function fakeClock(): Clock & { slept: number[] } {
  let now = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
  };
}

async function startTimes(pacer: Pacer, clock: Clock, n: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    await pacer.take();
    times.push(clock.now());
  }
  return times;
}

describe('parseRate', () => {
  it('reads N/WINDOW in ms, s, m and h, and off', () => {
    expect(parseRate('120/60s')).toEqual(HOSTED_RATE);
    expect(parseRate('10/1s')).toEqual({ count: 10, windowMs: 1000 });
    expect(parseRate('500/5m')).toEqual({ count: 500, windowMs: 300_000 });
    expect(parseRate('5/250ms')).toEqual({ count: 5, windowMs: 250 });
    expect(parseRate('1000/1h')).toEqual({ count: 1000, windowMs: 3_600_000 });
    expect(parseRate('off')).toBeNull();
  });

  it('refuses anything else with the accepted forms', () => {
    for (const bad of ['120', '120/60', '0/60s', 'fast', '-1/1s']) {
      expect(() => parseRate(bad)).toThrow(
        `invalid rate "${bad}": expected N/WINDOW like 120/60s, 10/1s or 500/5m, or "off"`,
      );
    }
  });
});

describe('Pacer', () => {
  it('D-SNAPSHOT-PACE the hosted limit: 120 requests go at once, the 121st waits until the first is 60 s old', async () => {
    const clock = fakeClock();
    const times = await startTimes(new Pacer(HOSTED_RATE, clock), clock, 241);
    expect(times.slice(0, 120).every((t) => t === 0)).toBe(true);
    expect(times[120]).toBe(60_000);
    expect(times[240]).toBe(120_000);
  });

  it('D-SNAPSHOT-PACE never lets more than N requests start in any window of the given length', async () => {
    const clock = fakeClock();
    const rate = { count: 7, windowMs: 1000 };
    const pacer = new Pacer(rate, clock);
    const times: number[] = [];
    for (let i = 0; i < 50; i++) {
      if (i % 5 === 0) await clock.sleep(130); // the crawl's own work between requests
      await pacer.take();
      times.push(clock.now());
    }
    for (const t of times)
      expect(times.filter((u) => u >= t && u < t + rate.windowMs).length).toBeLessThanOrEqual(rate.count);
  });

  it('off: never waits', async () => {
    const clock = fakeClock();
    await startTimes(new Pacer(null, clock), clock, 1000);
    expect(clock.slept).toEqual([]);
  });

  it('D-SNAPSHOT-PACE a hold (429 Retry-After) pushes the next start past it', async () => {
    const clock = fakeClock();
    const pacer = new Pacer({ count: 3, windowMs: 1000 }, clock);
    await pacer.take();
    pacer.holdFor(5000);
    await pacer.take();
    expect(clock.now()).toBe(5000);
  });
});

describe('pacedClient', () => {
  it('D-SNAPSHOT-PACE counts every request and retries a 429 after waiting, a bounded number of times', async () => {
    const clock = fakeClock();
    let calls = 0;
    const inner = {
      call: async () => {
        calls++;
        if (calls < 3) throw new ApiError(429, 'Too Many Attempts.');
        return { data: 'ok' };
      },
    } as unknown as ApiClient;
    const waits: number[] = [];
    const paced = pacedClient(inner, new Pacer({ count: 2, windowMs: 10_000 }, clock), {
      clock,
      onWait: (s) => waits.push(s),
    });
    expect(await paced.client.call('portal.get', {})).toEqual({ data: 'ok' });
    expect(paced.requests()).toBe(3);
    expect(waits).toEqual([10, 10]);

    const always = {
      call: async () => Promise.reject(new ApiError(429, 'Too Many Attempts.')),
    } as unknown as ApiClient;
    const gaveUp = pacedClient(always, new Pacer(null, clock), { clock });
    await expect(gaveUp.client.call('portal.get', {})).rejects.toThrow('Too Many Attempts.');
    expect(gaveUp.requests()).toBe(5);
  });
});
