import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runPager } from '../../../src/cli/output/run-pager.js';
import { fakeIO } from '../../support/fake-io.js';

const RECORDER = resolve(import.meta.dirname, '../../support/record-pager.mjs');

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function recording(): { file: string; command: string } {
  const dir = mkdtempSync(join(tmpdir(), 'fp-pager-'));
  temps.push(dir);
  const file = join(dir, 'paged.txt');
  return { file, command: `"${process.execPath}" "${RECORDER}" "${file}"` };
}

describe('D-PAGER running the pager', () => {
  it('the pager gets the text exactly, colours and all, with LESS=FRX and LV=-c', async () => {
    const { file, command } = recording();
    const text = '\x1b[1mKEY\x1b[22m  TITLE\ndark1  Dark mode ✓\n'.repeat(50);
    expect(await runPager(fakeIO({ env: { PATH: process.env.PATH } }), text, command)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(JSON.parse(readFileSync(`${file}.env`, 'utf8'))).toEqual({ LESS: 'FRX', LV: '-c' });
  });

  it("a person's own LESS and LV win", async () => {
    const { file, command } = recording();
    await runPager(fakeIO({ env: { PATH: process.env.PATH, LESS: '-R', LV: '-a' } }), 'x\n', command);
    expect(JSON.parse(readFileSync(`${file}.env`, 'utf8'))).toEqual({ LESS: '-R', LV: '-a' });
  });

  it('a pager that quits before reading the rest (q in less) is not an error: no EPIPE', async () => {
    // Far more than a pipe holds, so the write is still under way when the pager is gone.
    const text = `${'a row of a long table\n'.repeat(200_000)}`;
    expect(await runPager(fakeIO({ env: { PATH: process.env.PATH } }), text, 'exit 0')).toBe(true);
  });

  it('a pager that cannot start says so (false): the caller writes the text itself', async () => {
    const { file } = recording();
    const io = fakeIO({ env: { PATH: process.env.PATH } });
    expect(await runPager(io, 'x\n', `fp-no-such-pager-${process.pid} "${file}" 2>/dev/null`)).toBe(false);
    expect(existsSync(file)).toBe(false);
  });

  it('Ctrl-C is left to the pager while it runs; the handlers are back after', async () => {
    const before = process.listeners('SIGINT');
    const { command } = recording();
    const ran = runPager(fakeIO({ env: { PATH: process.env.PATH } }), 'x\n', command);
    const during = process.listeners('SIGINT');
    await ran;
    expect(during).toHaveLength(1);
    expect(before.every((l) => !during.includes(l))).toBe(true);
    expect(process.listeners('SIGINT')).toEqual(before);
  });
});
