import { describe, expect, it } from 'vitest';
import { CommentSeed, timestampMs } from '../../src/seed-file/seed-file.js';

/** Whether a seed takes the text as a timestamp (a comment's created_at). */
const isTimestamp = (v: string) => CommentSeed.shape.created_at.safeParse(v).success;

const readByDateParse = (v: string) => !Number.isNaN(Date.parse(v));

/** Times of every shape the quick test must agree with Date.parse on, ranges crossed at each field. */
function candidates(): string[] {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const out: string[] = [];
  for (const year of ['2024', '0000', '9999', '1970'])
    for (const month of [0, 1, 2, 9, 12, 13])
      for (const day of [0, 1, 29, 30, 31, 32])
        for (const [h, m, s] of [
          [0, 0, 0],
          [23, 59, 59],
          [24, 0, 0],
          [23, 60, 0],
          [23, 59, 60],
          [12, 5, 9],
        ])
          for (const fraction of ['', '.1', '.12', '.123', '.1234', '.'])
            for (const zone of ['Z', 'z', '+00:00', '-05:30', '+23:59', '+24:00', '-00:60', '', '+0530'])
              out.push(`${year}-${pad(month)}-${pad(day)}T${pad(h)}:${pad(m)}:${pad(s)}${fraction}${zone}`);
  out.push(
    '2024-05-01',
    '2024-05-01 09:30:00Z',
    'May 1, 2024',
    'yesterday',
    '',
    '2024-5-1T09:30:00Z',
    '+002024-05-01T00:00:00Z',
  );
  return out;
}

describe('a timestamp of a seed', () => {
  it('agrees with Date.parse on every candidate: the quick test only ever says yes where the parse does', () => {
    const disagreements = candidates().filter((v) => isTimestamp(v) !== readByDateParse(v));
    expect(disagreements).toEqual([]);
  });
});

describe('timestampMs', () => {
  it('reads every candidate as Date.parse does, NaN included', () => {
    const more = [
      '0099-12-31T23:59:59.999Z',
      '0100-01-01T00:00:00.000Z',
      '2024-02-30T10:00:00.000Z',
      '2023-02-29T00:00:00.000Z',
    ];
    const disagreements = [...candidates(), ...more].filter((v) => !Object.is(timestampMs(v), Date.parse(v)));
    expect(disagreements).toEqual([]);
  });

  it('reads the form fp writes across a run of years, days and milliseconds', () => {
    const disagreements: string[] = [];
    for (let t = Date.UTC(-50, 0, 1); t < Date.UTC(2400, 0, 1); t += 7_777_777_777 + 123) {
      const text = new Date(t).toISOString();
      if (timestampMs(text) !== t) disagreements.push(text);
    }
    expect(disagreements).toEqual([]);
  });
});
