import { Command } from 'commander';
import type { Factory } from '../../../../src/cli/factory.js';
import type { CommandDef } from '../../../../src/cli/framework/define-command.js';
import { fakeFactory, fakeIO } from '../../../support/fake-io.js';

type Declare<O> = (run: (opts: O, f: Factory) => Promise<void>) => CommandDef;

/** The options object a verb's command line parses to (its run function replaced by a recorder). */
export async function parseArgv<O>(declare: Declare<O>, argv: string[]): Promise<O> {
  const program = new Command('fp').exitOverride().configureOutput({ writeOut: () => {}, writeErr: () => {} });
  const parent = program.command('group');
  let seen: O | undefined;
  declare(async (opts) => {
    seen = opts;
  }).register(parent, fakeFactory(fakeIO()));
  await program.parseAsync(['group', ...argv], { from: 'user' });
  if (seen === undefined) throw new Error('the command did not run');
  return seen;
}
