import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { concurrencyFlag } from '../../../../src/cli/bulk/concurrency.js';
import { collectIds } from '../../../../src/cli/commands/moderation/ids.js';
import { UsageError } from '../../../../src/cli/errors.js';
import { fakeIO } from '../../../support/fake-io.js';

describe('collectIds', () => {
  it('takes the ids given as arguments', async () => {
    expect(await collectIds(fakeIO(), 'post', ['pend3', 'abc12'])).toEqual(['pend3', 'abc12']);
  });

  it('- reads ids from stdin, whitespace or newline separated, blank lines ignored', async () => {
    const io = fakeIO({ stdin: '104\n\n  105 106\r\n\t107\n\n' });
    expect(await collectIds(io, 'comment', ['-'])).toEqual(['104', '105', '106', '107']);
  });

  it('mixes arguments and stdin in order and drops duplicates', async () => {
    const io = fakeIO({ stdin: '105\n104\n' });
    expect(await collectIds(io, 'comment', ['104', '-', '108', '-'])).toEqual(['104', '105', '108']);
  });

  it('empty stdin gives no ids', async () => {
    expect(await collectIds(fakeIO({ stdin: '\n\n' }), 'comment', ['-'])).toEqual([]);
  });

  it('refuses comment ids that are not numbers (usage error, nothing sent)', async () => {
    await expect(collectIds(fakeIO({ stdin: '104\nabc\n' }), 'comment', ['-'])).rejects.toThrow(
      new UsageError('comment ids are numbers: "abc"'),
    );
  });
});

describe('--concurrency', () => {
  const parseConcurrency = (value: string) => concurrencyFlag.parse!(value, undefined);

  it('accepts 1 to 32', () => {
    expect(parseConcurrency('1')).toBe(1);
    expect(parseConcurrency('32')).toBe(32);
  });

  it.each(['0', '33', '-1', '2.5', 'four'])('refuses %s', (value) => {
    expect(() => parseConcurrency(value)).toThrow(InvalidArgumentError);
  });
});

describe('ids are normalised before duplicates are dropped', () => {
  it('7, 007 and 0007 are one comment, sent as 7', async () => {
    expect(await collectIds(fakeIO({ stdin: '007\n8\n' }), 'comment', ['7', '-', '0007', '08', '0', '000'])).toEqual([
      '7',
      '8',
      '0',
    ]);
  });

  it('post keys are matched exactly, so only exact repeats are dropped', async () => {
    expect(await collectIds(fakeIO(), 'post', ['abc', 'ABC', 'abc', '007', '7'])).toEqual(['abc', 'ABC', '007', '7']);
  });
});
