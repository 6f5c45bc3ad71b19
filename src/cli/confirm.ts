import { UsageError } from './errors.js';
import { isInteractive, type IO } from './io.js';

/**
 * Destructive commands ask on a terminal; without one they need --yes.
 * Resolves false when the person says no.
 */
export async function confirmDestructive(io: IO, question: string, yes: boolean | undefined): Promise<boolean> {
  if (yes) return true;
  if (!isInteractive(io)) {
    throw new UsageError(
      `${question.replace(/\?$/, '')}: refusing without a terminal to confirm; pass --yes to proceed`,
    );
  }
  const { confirm } = await import('@inquirer/prompts');
  return confirm({ message: question, default: false }, { input: io.stdin, output: process.stderr });
}
