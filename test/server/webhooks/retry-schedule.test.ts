import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY_SCHEDULE_S,
  nextDelayMs,
  parseRetrySchedule,
  retryAfterMs,
} from '../../../src/server/webhooks/retry-schedule.js';

describe('D-WEBHOOK-RETRIES the retry schedule', () => {
  it('waits each delay in turn after a failed attempt, then gives up', () => {
    expect(DEFAULT_RETRY_SCHEDULE_S).toEqual([5, 300, 1800, 7200, 18000, 36000]);
    expect([1, 2, 3, 4].map((n) => nextDelayMs([0.2, 0.5, 1], n))).toEqual([200, 500, 1000, undefined]);
  });

  it('honours Retry-After within the schedule: never shorter than asked, never past the longest delay', () => {
    expect(nextDelayMs([1, 2, 4], 1, 3000)).toBe(3000);
    expect(nextDelayMs([1, 2, 4], 1, 100)).toBe(1000);
    expect(nextDelayMs([1, 2, 4], 1, 60_000)).toBe(4000);
    expect(nextDelayMs([1, 2, 4], 4, 1000)).toBeUndefined();
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs('Mon, 01 Jun 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });

  it('parses --webhook-retry-schedule, refusing what is not a delay', () => {
    expect(parseRetrySchedule('0.2, 0.5,1')).toEqual([0.2, 0.5, 1]);
    for (const bad of ['', '1,,2', '0', '-1', 'x', '86401'])
      expect(() => parseRetrySchedule(bad)).toThrow(/invalid retry schedule/);
  });
});
