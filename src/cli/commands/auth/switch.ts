import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import { unknownProfile } from './profile-name.js';

export interface SwitchOptions {
  name: string;
}

export async function switchRun(opts: SwitchOptions, f: Factory): Promise<void> {
  const store = await f.config();
  if (!store.switchTo(opts.name)) throw unknownProfile(opts.name, store.list().map((p) => p.name));
  f.status(`Switched to profile ${opts.name} (${store.get(opts.name)?.base_url})`);
}

export function register(parent: Command, f: Factory): void {
  withExamples(
    parent
      .command('switch')
      .description('Make a stored profile the current one')
      .argument('<name>', 'profile name (`fp auth list` shows them)')
      .addHelpText('after', '\nAn unknown NAME exits 2 and lists the stored profiles.'),
    ['fp auth switch staging'],
  ).action((name: string) => switchRun({ name }, f));
}
