import { describe, expect, it } from 'vitest';
import { AdaptiveConcurrency } from '../../src/client/adaptive-concurrency.js';

const feed = (c: AdaptiveConcurrency, pattern: string) => pattern.split('').map((ch) => c.record(ch === 'L'));

describe('AdaptiveConcurrency', () => {
  it('halves when most recent answers are 429, down to 1', () => {
    const c = new AdaptiveConcurrency(8);
    expect(feed(c, 'LLLLLLLLLLLLLLLL').filter((x) => x !== undefined)).toEqual([4]);
    expect(c.limit).toBe(4);
    feed(c, 'LLLLLLLL');
    expect(c.limit).toBe(2);
    feed(c, 'LLLLLLLLLLLL');
    expect(c.limit).toBe(1);
    feed(c, 'LLLLLLLLLLLLLLLLLLLLLLLL');
    expect(c.limit).toBe(1);
  });

  it('stray 429s among successes change nothing', () => {
    const c = new AdaptiveConcurrency(8);
    feed(c, 'ooooLoooooooLoooooooLooooooLoooooooooLooooooooLooo');
    expect(c.limit).toBe(8);
  });

  it('climbs back one at a time after a clean stretch, never past the ceiling', () => {
    const c = new AdaptiveConcurrency(4);
    feed(c, 'LLLLLLLL');
    expect(c.limit).toBe(2);
    feed(c, 'o'.repeat(20));
    expect(c.limit).toBe(3);
    feed(c, 'o'.repeat(20));
    expect(c.limit).toBe(4);
    feed(c, 'o'.repeat(100));
    expect(c.limit).toBe(4);
  });
});
