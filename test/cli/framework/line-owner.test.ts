import { describe, expect, it } from 'vitest';
import { progressLine } from '../../../src/cli/framework/progress.js';
import { fakeFactory, fakeIO } from '../../support/fake-io.js';

const ERASE = '\r\x1b[2K';

describe('a status line and the progress line', () => {
  it('a retry notice erases the progress line first and gets a line of its own', () => {
    const io = fakeIO({ stderrIsTTY: true, env: { CI: undefined } });
    const f = fakeFactory(io);
    const line = progressLine(f)!;
    line.update('Fetched 2 pages, 200 items…');
    f.status('Retrying GET /api/v1/posts in 1s (attempt 2 of 3)');
    expect(io.err()).toBe(
      `${ERASE}Fetched 2 pages, 200 items…${ERASE}Retrying GET /api/v1/posts in 1s (attempt 2 of 3)\n`,
    );
    line.update('Fetched 3 pages, 300 items…');
    line.end();
    f.status('Done');
    expect(io.err().endsWith(`${ERASE}Fetched 3 pages, 300 items…${ERASE}Done\n`)).toBe(true);
  });

  it('with no progress line drawn, a status line is written as is', () => {
    const io = fakeIO({ stderrIsTTY: true, env: { CI: undefined } });
    const f = fakeFactory(io);
    f.status('Logged in');
    expect(io.err()).toBe('Logged in\n');
  });
});
