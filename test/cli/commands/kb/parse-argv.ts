import { Command } from 'commander';
import type { Factory } from '../../../../src/cli/factory.js';
import { fakeFactory, fakeIO } from '../../../support/fake-io.js';

type Register<O> = (parent: Command, f: Factory, run: (opts: O, f: Factory) => Promise<void>) => void;

/** The options object a verb's command line parses to (its run function replaced by a recorder). */
export async function parseArgv<O>(register: Register<O>, argv: string[]): Promise<O> {
  const program = new Command('fp').exitOverride().configureOutput({ writeOut: () => {}, writeErr: () => {} });
  const parent = program.command('group');
  let seen: O | undefined;
  register(parent, fakeFactory(fakeIO()), async (opts) => {
    seen = opts;
  });
  await program.parseAsync(['group', ...argv], { from: 'user' });
  if (seen === undefined) throw new Error('the command did not run');
  return seen;
}
