import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateString } from '../../src/contract/validation.js';
import { CARA } from '../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Whether a date field of the contract takes the text. */
const isDateText = (text: string) => dateString('date').safeParse(text).success;

/** The calendar's own answer: a day exists when Date.UTC does not roll it into the next month. */
function isCalendarDay(y: number, m: number, d: number): boolean {
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

describe('a date field', () => {
  it('D-DATE-CALENDAR holds exactly the days of the calendar, years 0001-9999', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (y, m, d) => {
          expect(isDateText(`${pad(y, 4)}-${pad(m)}-${pad(d)}`)).toBe(isCalendarDay(y, m, d));
        },
      ),
      { numRuns: 5_000, seed: 25 },
    );
    for (const [text, ok] of [
      ['2024-02-29', true],
      ['2000-02-29', true],
      ['0400-02-29', true],
      ['2025-02-29', false],
      ['1900-02-29', false],
      ['2025-02-30', false],
      ['2025-04-31', false],
      ['0000-01-01', false],
      ['0000-00-00', false],
    ] as const) {
      expect(isDateText(text), text).toBe(ok);
    }
  });

  it('D-DATE-CALENDAR holds times of a day and offsets up to ±14:59, in ASCII digits', () => {
    for (const [text, ok] of [
      ['2025-01-01 23:59:59', true],
      ['2025-01-01T00:00', true],
      ['2025-01-01T10:00:00.123456Z', true],
      ['2025-01-01T10:00+02:00', true],
      ['2025-01-01T10:00-0530', true],
      ['2025-01-01T10:00+14:59', true],
      ['2025-01-01T24:00', false],
      ['2025-01-01T10:60', false],
      ['2025-01-01T10:00:60', false],
      ['2025-01-01T10:00-7173', false],
      ['2025-01-01T10:00+15:00', false],
      ['2025-01-01T10:00+02:60', false],
      ['２０２５-01-01', false],
      ['2025-0١-01', false],
    ] as const) {
      expect(isDateText(text), text).toBe(ok);
    }
  });
});

describe('impossible dates are refused, not rolled forward', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('D-DATE-CALENDAR a comment created_at of 2025-02-30 is 422, 2024-02-29 is kept', async () => {
    const send = (created_at: string) =>
      server.request('POST', '/api/v1/posts/dark1/comments', {
        body: { user_id: CARA, comment: 'Imported', created_at },
      });
    const bad = await send('2025-02-30');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ created_at: ['The created at field must be a valid date.'] });
    const leap = await send('2024-02-29 10:00:00');
    expect(leap.status).toBe(200);
    expect(leap.body.data.created_at).toBe('2024-02-29T10:00:00.000000Z');
  });

  it('D-DATE-CALENDAR summarize refuses created_from 2025-02-30 and created_to 2025-13-01', async () => {
    const res = await server.request('POST', '/api/v1/feedback/summarize', {
      body: { created_from: '2025-02-30', created_to: '2025-13-01' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      created_from: ['The created from field must be a valid date.'],
      created_to: ['The created to field must be a valid date.'],
    });
  });
});
