import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { progressLine } from '../../../src/cli/framework/progress.js';
import { requestSpinner } from '../../../src/cli/framework/request-spinner.js';
import { fakeFactory, fakeIO, type FakeIOOptions } from '../../support/fake-io.js';

const ERASE = '\r\x1b[2K';
/** A request may take this long before the spinner appears. */
const SPINNER_DELAY_MS = 300;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function spinnerAt(opts: FakeIOOptions = { tty: true }) {
  const io = fakeIO({ env: { CI: undefined }, ...opts });
  return { io, spinner: requestSpinner(io) };
}

describe('the request spinner', () => {
  it('appears after 300 ms of waiting, turns, and is erased when the answer arrives', () => {
    const { io, spinner } = spinnerAt();
    const done = spinner!.begin('GET /api/v1/posts?limit=10');
    vi.advanceTimersByTime(SPINNER_DELAY_MS - 1);
    expect(io.err()).toBe('');
    vi.advanceTimersByTime(1);
    expect(io.err()).toBe(`${ERASE}⠋ Waiting for GET /api/v1/posts…`);
    vi.advanceTimersByTime(80);
    expect(io.err()).toBe(`${ERASE}⠋ Waiting for GET /api/v1/posts…${ERASE}⠙ Waiting for GET /api/v1/posts…`);
    done();
    expect(io.err().endsWith(`…${ERASE}`)).toBe(true);
    const written = io.err();
    vi.advanceTimersByTime(1000);
    expect(io.err()).toBe(written);
  });

  it('an answer within 300 ms draws nothing', () => {
    const { io, spinner } = spinnerAt();
    const done = spinner!.begin('GET /api/v1/categories');
    vi.advanceTimersByTime(SPINNER_DELAY_MS - 1);
    done();
    vi.advanceTimersByTime(1000);
    expect(io.err()).toBe('');
  });

  it('stays while any of several requests waits, naming the oldest', () => {
    const { io, spinner } = spinnerAt();
    const first = spinner!.begin('POST /api/v1/moderation/approve/post/a');
    const second = spinner!.begin('POST /api/v1/moderation/approve/post/b');
    first();
    vi.advanceTimersByTime(SPINNER_DELAY_MS);
    expect(io.err()).toBe(`${ERASE}⠋ Waiting for POST /api/v1/moderation/approve/post/b…`);
    second();
    expect(io.err().endsWith(ERASE)).toBe(true);
  });

  it('is cut to the terminal width, so one carriage return erases it', () => {
    const { io, spinner } = spinnerAt({ tty: true, columns: 20 });
    spinner!.begin('GET /api/v1/posts');
    vi.advanceTimersByTime(SPINNER_DELAY_MS);
    expect(io.err()).toBe(`${ERASE}⠋ Waiting for GET /`);
  });

  it('never appears without a terminal, in CI, or when stdout is piped', () => {
    const cases: FakeIOOptions[] = [
      { tty: false },
      { tty: true, env: { CI: 'true' } },
      { tty: true, stdoutIsTTY: false },
      { tty: true, stderrIsTTY: false },
      { tty: true, stdinIsTTY: false },
    ];
    for (const opts of cases) expect(requestSpinner(fakeIO(opts))).toBeUndefined();
  });

  it('gives way to a progress line and comes back after it', () => {
    const io = fakeIO({ tty: true, env: { CI: undefined } });
    const f = fakeFactory(io);
    const spinner = requestSpinner(io)!;
    spinner.begin('GET /api/v1/posts');
    vi.advanceTimersByTime(SPINNER_DELAY_MS);
    const line = progressLine(f)!;
    line.update('Fetched 2 pages, 200 items…');
    vi.advanceTimersByTime(500);
    expect(io.err()).toBe(`${ERASE}⠋ Waiting for GET /api/v1/posts…${ERASE}${ERASE}Fetched 2 pages, 200 items…`);
    line.end();
    vi.advanceTimersByTime(80);
    expect(io.err().endsWith(`${ERASE}⠙ Waiting for GET /api/v1/posts…`)).toBe(true);
  });

  it('clear() erases it at once, for a status line; the next frame draws it again', () => {
    const { io, spinner } = spinnerAt();
    spinner!.begin('GET /api/v1/posts');
    vi.advanceTimersByTime(SPINNER_DELAY_MS);
    spinner!.clear();
    expect(io.err()).toBe(`${ERASE}⠋ Waiting for GET /api/v1/posts…${ERASE}`);
    vi.advanceTimersByTime(80);
    expect(io.err().endsWith(`${ERASE}${ERASE}⠙ Waiting for GET /api/v1/posts…`)).toBe(true);
  });
});
