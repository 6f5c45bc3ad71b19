import { UsageError } from './errors.js';
import { canPrompt, isInteractive, noPromptReason, type IO } from './io.js';

/**
 * Destructive commands ask on a terminal; without one they need --yes.
 * Resolves false when the person says no.
 */
export async function confirmDestructive(io: IO, question: string, yes: boolean | undefined): Promise<boolean> {
  if (yes) return true;
  if (!canPrompt(io)) {
    const why = isInteractive(io) ? `refusing: ${noPromptReason(io)}` : 'refusing without a terminal to confirm';
    throw new UsageError(`${question.replace(/\?$/, '')}: ${why}; pass --yes to proceed`);
  }
  const { confirm } = await import('@inquirer/prompts');
  return confirm({ message: question, default: false }, { input: io.stdin, output: process.stderr });
}
