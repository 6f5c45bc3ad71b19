import { describe, expect, it } from 'vitest';
import { formatDuration, ProgressLine } from '../../../src/cli/snapshot/progress-line.js';

describe('ProgressLine', () => {
  it('off a terminal it prints nothing', () => {
    let written = '';
    const line = new ProgressLine(
      (t) => (written += t),
      false,
      () => 3,
      null,
    );
    line.step('posts');
    line.tick(10, 5);
    line.clear();
    expect(written).toBe('');
  });

  it('on a terminal one line is redrawn in place with the step, items and requests', () => {
    let written = '';
    let requests = 0;
    const line = new ProgressLine(
      (t) => (written += t),
      true,
      () => requests,
      null,
    );
    requests = 7;
    line.step('posts');
    line.clear();
    expect(written).toBe('\r\x1b[2Kposts: 0 items · 7 requests\r\x1b[2K');
  });

  it('one item and one request are said in the singular', () => {
    let written = '';
    const line = new ProgressLine(
      (t) => (written += t),
      true,
      () => 1,
      null,
    );
    line.tick(1);
    line.step('posts');
    expect(written).toContain('posts: 1 item · 1 request');
    expect(written).not.toContain('1 requests');
  });

  it('durations read as seconds, minutes or hours', () => {
    expect(formatDuration(4_400)).toBe('4s');
    expect(formatDuration(125_000)).toBe('2m05s');
    expect(formatDuration(5_460_000)).toBe('1h31m');
  });
});
