import { describe, expect, it } from 'vitest';
import { decideRetry, formatMs } from '../../src/client/retry-policy.js';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const ctx = (over: Partial<Parameters<typeof decideRetry>[1]> = {}) => ({
  idempotent: false,
  attempts: 1,
  elapsedMs: 0,
  deadlineMs: 120_000,
  now: NOW,
  random: () => 0,
  ...over,
});

describe('which failures are retried', () => {
  it.each([
    [429, false, true],
    [503, false, true],
    [502, false, false],
    [504, false, false],
    [502, true, true],
    [504, true, true],
    [500, true, false],
    [404, true, false],
    [422, true, false],
  ])('status %i, idempotent %s: retry %s', (status, idempotent, retry) => {
    expect(decideRetry({ status }, ctx({ idempotent })).retry).toBe(retry);
  });

  it('a dropped connection is retried only for idempotent requests (a create might have been made)', () => {
    for (const code of ['ECONNRESET', 'UND_ERR_SOCKET']) {
      expect(decideRetry({ code }, ctx({ idempotent: true })).retry).toBe(true);
      expect(decideRetry({ code }, ctx({ idempotent: false })).retry).toBe(false);
    }
    expect(decideRetry({ code: 'ECONNREFUSED' }, ctx({ idempotent: true })).retry).toBe(false);
    expect(decideRetry({ code: 'UND_ERR_REQ_RETRY' }, ctx({ idempotent: true })).retry).toBe(false);
  });

  it('attempts are bounded', () => {
    expect(decideRetry({ status: 503 }, ctx({ attempts: 9, maxAttempts: 10 })).retry).toBe(true);
    expect(decideRetry({ status: 503 }, ctx({ attempts: 10, maxAttempts: 10 }))).toEqual({
      retry: false,
      why: 'gave up after 10 attempts',
    });
    expect(decideRetry({ status: 503 }, ctx({ attempts: 1, maxAttempts: 1 }))).toEqual({
      retry: false,
      why: undefined,
    });
  });
});

describe('how long to wait', () => {
  it('backs off exponentially with jitter between half and the whole step', () => {
    const waits = (random: number) =>
      [1, 2, 3, 4, 5, 6, 7].map(
        (attempts) =>
          (decideRetry({ status: 503 }, ctx({ attempts, random: () => random })) as { waitMs: number }).waitMs,
      );
    expect(waits(0)).toEqual([125, 250, 500, 1000, 2000, 4000, 4000]);
    expect(waits(0.999999)).toEqual([250, 500, 1000, 2000, 4000, 8000, 8000]);
  });

  it('Retry-After in seconds is a floor, with a little jitter on top', () => {
    expect(decideRetry({ status: 429, retryAfter: '3' }, ctx())).toEqual({
      retry: true,
      waitMs: 3000,
      retryAfterMs: 3000,
    });
    expect(decideRetry({ status: 429, retryAfter: '3' }, ctx({ random: () => 0.5, attempts: 2 }))).toEqual({
      retry: true,
      waitMs: 3250,
      retryAfterMs: 3000,
    });
  });

  it('Retry-After as an HTTP date counts from now', () => {
    expect(decideRetry({ status: 503, retryAfter: 'Mon, 01 Jun 2026 12:00:07 GMT' }, ctx())).toEqual({
      retry: true,
      waitMs: 7000,
      retryAfterMs: 7000,
    });
    const retryAfterMs = (retryAfter: string | string[] | undefined) =>
      (decideRetry({ status: 503, retryAfter }, ctx()) as { retryAfterMs?: number }).retryAfterMs;
    expect(retryAfterMs('Mon, 01 Jun 2026 11:59:00 GMT')).toBe(0);
    expect(retryAfterMs(['2', '9'])).toBe(2000);
  });

  it('an absent or unreadable Retry-After is ignored: the wait is the backoff', () => {
    for (const retryAfter of ['soon', undefined]) {
      expect(decideRetry({ status: 503, retryAfter }, ctx())).toEqual({ retry: true, waitMs: 125 });
    }
  });

  it('a Retry-After longer than the cap (60 s, one window of 120 requests per 60 s) waits the cap', () => {
    expect(decideRetry({ status: 429, retryAfter: '3600' }, ctx({ deadlineMs: 600_000 }))).toEqual({
      retry: true,
      waitMs: 60_000,
      retryAfterMs: 3_600_000,
    });
  });

  it('a wait that would pass the deadline is not started: the failure says what it would have waited for', () => {
    expect(decideRetry({ status: 429, retryAfter: '45' }, ctx({ deadlineMs: 30_000 }))).toEqual({
      retry: false,
      why: 'gave up after 1 attempt: the server asked to wait 45 s (Retry-After), which would pass the 30 s limit (--timeout)',
    });
    expect(decideRetry({ status: 503 }, ctx({ attempts: 3, elapsedMs: 29_800, deadlineMs: 30_000 }))).toEqual({
      retry: false,
      why: 'gave up after 3 attempts: the next attempt was due in 500 ms, which would pass the 30 s limit (--timeout)',
    });
  });

  it('durations read as people write them', () => {
    expect([formatMs(250), formatMs(1000), formatMs(1500), formatMs(12_345), formatMs(120_000)]).toEqual([
      '250 ms',
      '1 s',
      '1.5 s',
      '12 s',
      '120 s',
    ]);
  });
});
