import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import type { GlobalOptions } from '../../../src/cli/global-options.js';
import { choosePager, fillsScreen } from '../../../src/cli/output/choose-pager.js';
import { createOutput } from '../../../src/cli/output/create-output.js';
import { fakeIO, type FakeIOOptions } from '../../support/fake-io.js';

const withLess = () => true;
const withoutLess = () => false;

/** The pager fp picks for a command run with these global flags in this terminal and environment. */
async function pagerFor(
  globals: GlobalOptions,
  io: FakeIOOptions = {},
  installed: (name: string) => boolean = withLess,
): Promise<string | undefined> {
  const fake = fakeIO({ tty: true, ...io });
  const out = await createOutput(fake, globals);
  return choosePager(fake, { format: out.format, fields: out.projected }, installed)?.command;
}

describe('D-PAGER which pager, if any', () => {
  it('FP_PAGER, else PAGER, else less when it is installed', async () => {
    expect(await pagerFor({}, { env: { FP_PAGER: 'most', PAGER: 'more' } })).toBe('most');
    expect(await pagerFor({}, { env: { PAGER: 'more -s' } })).toBe('more -s');
    expect(await pagerFor({}, { env: {} })).toBe('less');
    expect(await pagerFor({}, { env: {} }, withoutLess)).toBeUndefined();
  });

  it('FP_PAGER empty or cat turns it off, whatever PAGER says; PAGER empty or cat too', async () => {
    for (const off of ['', 'cat', ' cat ', '   '])
      expect(await pagerFor({}, { env: { FP_PAGER: off, PAGER: 'less' } }), JSON.stringify(off)).toBeUndefined();
    expect(await pagerFor({}, { env: { PAGER: '' } })).toBeUndefined();
    expect(await pagerFor({}, { env: { PAGER: 'cat' } })).toBeUndefined();
  });

  it('never off a terminal, even with FORCE_COLOR giving the coloured table', async () => {
    expect(await pagerFor({}, { tty: false, env: { FP_PAGER: 'less' } })).toBeUndefined();
    expect(await pagerFor({}, { tty: false, env: { FP_PAGER: 'less', FORCE_COLOR: '1' } })).toBeUndefined();
    // Only stdout matters: a terminal on stderr alone does not page.
    expect(await pagerFor({}, { stdoutIsTTY: false, env: { FP_PAGER: 'less' } })).toBeUndefined();
  });

  it('never in CI (CI=true or 1); CI=false is not CI', async () => {
    expect(await pagerFor({}, { env: { FP_PAGER: 'less', CI: 'true' } })).toBeUndefined();
    expect(await pagerFor({}, { env: { FP_PAGER: 'less', CI: '1' } })).toBeUndefined();
    expect(await pagerFor({}, { env: { FP_PAGER: 'less', CI: 'false' } })).toBe('less');
  });

  it('never for output a program reads or whose columns a script chose', async () => {
    const env = { FP_PAGER: 'less' };
    expect(await pagerFor({ json: true }, { env })).toBeUndefined();
    expect(await pagerFor({ jq: '.[]' }, { env })).toBeUndefined();
    expect(await pagerFor({ format: 'ndjson' }, { env })).toBeUndefined();
    expect(await pagerFor({ format: 'csv' }, { env })).toBeUndefined();
    expect(await pagerFor({ format: 'json' }, { env })).toBeUndefined();
    expect(await pagerFor({ fields: 'id,title' }, { env })).toBeUndefined();
    expect(await pagerFor({ format: 'table' }, { env })).toBe('less');
  });
});

describe('D-PAGER only output longer than the screen is paged', () => {
  const lines = (n: number, text = 'row') => `${Array.from({ length: n }, () => text).join('\n')}\n`;
  const io = (rows: number | undefined, columns = 80) => fakeIO({ tty: true, rows, columns });

  it('a screen of 24 rows shows 23 lines under the prompt: 24 are paged', () => {
    expect(fillsScreen(lines(23), io(24), stringWidth)).toBe(false);
    expect(fillsScreen(lines(24), io(24), stringWidth)).toBe(true);
  });

  it('a long line takes the rows the terminal wraps it to; colours take none', () => {
    expect(fillsScreen(`${'x'.repeat(161)}\n${lines(21)}`, io(24), stringWidth)).toBe(true);
    expect(fillsScreen(`${'x'.repeat(160)}\n${lines(21)}`, io(24), stringWidth)).toBe(false);
    expect(fillsScreen(lines(23, '\x1b[1mrow\x1b[22m'.repeat(20)), io(24), stringWidth)).toBe(false);
    // Wide characters count twice, as the terminal draws them.
    expect(fillsScreen(`${'界'.repeat(41)}\n${lines(22)}`, io(24), stringWidth)).toBe(true);
    expect(fillsScreen(`${'界'.repeat(40)}\n${lines(22)}`, io(24), stringWidth)).toBe(false);
  });

  it('a terminal of unknown height is never paged', () => {
    expect(fillsScreen(lines(500), io(undefined), stringWidth)).toBe(false);
    expect(fillsScreen(lines(500), io(0), stringWidth)).toBe(false);
  });
});
