import { describe, expect, it } from 'vitest';
import { GaveUpWaiting } from '../../../src/cli/errors.js';
import { duration, pollUntil } from '../../../src/cli/framework/poll-until.js';

/** A clock that moves only when told: each read of the state takes `step` ms. */
function polling(states: number[], step = 1000) {
  let clock = 0;
  let i = 0;
  return {
    first: states[0],
    next: async () => {
      clock += step;
      return states[Math.min(++i, states.length - 1)];
    },
    now: () => clock,
    reads: () => i,
  };
}

const base = {
  ended: (n: number) => n >= 100,
  progressOf: (n: number) => String(n),
  intervalMs: 0,
  describe: (n: number) => ({ what: `work at ${n}`, resume: 'fp resume' }),
};

describe('D-WAIT-ENDS pollUntil', () => {
  it('returns the state that ends the work', async () => {
    const p = polling([1, 2, 3, 100]);
    expect(await pollUntil({ ...base, ...p, deadlineMs: 60_000, stallLimit: 3 })).toBe(100);
    expect(p.reads()).toBe(3);
  });

  it('gives up after stallLimit polls in a row without progress, naming the work and how to resume', async () => {
    const p = polling([1, 2, 2, 2, 2, 2, 2]);
    const err = await pollUntil({ ...base, ...p, deadlineMs: 60_000, stallLimit: 3 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GaveUpWaiting);
    expect(err).toMatchObject({
      message: 'gave up waiting for work at 2: its progress has not moved for 3 polls (--stall-limit)',
      resume: 'it goes on; resume waiting with: fp resume',
    });
    expect(p.reads()).toBe(4);
  });

  it('gives up at the deadline although the progress moves', async () => {
    const p = polling(Array.from({ length: 50 }, (_, i) => i));
    const err = await pollUntil({ ...base, ...p, deadlineMs: 10_000, stallLimit: 3 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ message: 'gave up waiting for work at 10: after 10 s (--timeout)' });
    expect(p.reads()).toBe(10);
  });

  it('says durations as people read them', () => {
    expect([duration(30 * 60_000), duration(90_000), duration(1500), duration(300)]).toEqual([
      '30 min',
      '90 s',
      '1.5 s',
      '300 ms',
    ]);
  });
});
