import { Command } from 'commander';
import type { Factory } from '../../../src/cli/factory.js';
import type { CommandDef } from '../../../src/cli/framework/define-command.js';

/** Parse `argv` as one declared command over the given Factory (e.g. with a client a test wraps). */
export async function runCommand(def: CommandDef, argv: string[], f: Factory): Promise<void> {
  const program = new Command('fp').exitOverride();
  def.register(program, f).exitOverride();
  await program.parseAsync([def.spec.name, ...argv], { from: 'user' });
}
