import { describe, expect, it } from 'vitest';
import { confirmDestructive } from '../../src/cli/confirm.js';
import { UsageError } from '../../src/cli/errors.js';
import { canPrompt, inCI } from '../../src/cli/io.js';
import review from '../../src/cli/commands/moderation/review.js';
import { fakeFactory, fakeIO } from '../support/fake-io.js';
import { runCommand } from './support/run-command.js';

const terminal = (env: Record<string, string | undefined> = {}) =>
  fakeIO({ tty: true, env: { CI: undefined, ...env } });

describe('FP_PROMPT_DISABLED (D-NO-PROMPT)', () => {
  it('any value but empty, 0 or false turns prompts off at a terminal', () => {
    expect(canPrompt(terminal())).toBe(true);
    for (const v of ['1', 'true', 'yes']) expect(canPrompt(terminal({ FP_PROMPT_DISABLED: v }))).toBe(false);
    for (const v of ['', '0', 'false']) expect(canPrompt(terminal({ FP_PROMPT_DISABLED: v }))).toBe(true);
  });

  it('a destructive command refuses, naming the variable, instead of asking', async () => {
    const err = await confirmDestructive(terminal({ FP_PROMPT_DISABLED: '1' }), 'Delete post abc?', false).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toBe(
      'Delete post abc: refusing: prompts are disabled (FP_PROMPT_DISABLED); pass --yes to proceed',
    );
    await expect(confirmDestructive(terminal({ FP_PROMPT_DISABLED: '1' }), 'Delete?', true)).resolves.toBe(true);
  });

  it('moderation review says why it cannot ask', async () => {
    const io = terminal({ FP_PROMPT_DISABLED: '1' });
    await expect(runCommand(review, [], fakeFactory(io))).rejects.toThrow(
      /needs a terminal to ask \(prompts are disabled \(FP_PROMPT_DISABLED\)\)/,
    );
  });
});

describe('CI (D-NO-PROMPT)', () => {
  it('CI=true and CI=1 count as CI; CI=false does not', () => {
    expect(inCI(fakeIO({ env: { CI: 'true' } }))).toBe(true);
    expect(inCI(fakeIO({ env: { CI: '1' } }))).toBe(true);
    expect(inCI(fakeIO({ env: { CI: 'false' } }))).toBe(false);
    expect(canPrompt(fakeIO({ tty: true, env: { CI: '1' } }))).toBe(false);
  });
});
