import type { Command } from 'commander';

/** Add an "Examples:" block to a command's help. */
export function withExamples(cmd: Command, examples: string[]): Command {
  return cmd.addHelpText('after', `\nExamples:\n${examples.map((e) => `  $ ${e}`).join('\n')}\n`);
}
