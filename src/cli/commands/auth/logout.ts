import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import { unknownProfile } from './profile-name.js';

export interface LogoutOptions {
  /** The profile to forget; the current one when absent. */
  profile?: string;
}

export async function logoutRun(opts: LogoutOptions, f: Factory): Promise<void> {
  const store = await f.config();
  const name = opts.profile ?? store.currentName();
  if (!name) throw new UsageError('no current profile to log out of: pass --profile NAME (`fp auth list` shows them)');
  const profile = store.get(name);
  if (!profile || !store.remove(name)) throw unknownProfile(name, store.list().map((p) => p.name));
  f.status(`Logged out of profile ${name} (${profile.base_url}); its key is no longer stored`);
}

export function register(parent: Command, f: Factory): void {
  withExamples(
    parent
      .command('logout')
      .description('Forget the key stored for a profile (the current one unless --profile is given)')
      .addHelpText('after', '\nAn unknown profile name exits 2.'),
    ['fp auth logout', 'fp auth logout --profile staging'],
  )
    .option('--profile <name>', 'profile to remove (env FP_PROFILE)')
    .action((o: { profile?: string }) => logoutRun({ profile: o.profile ?? f.globals().profile ?? f.io.env.FP_PROFILE }, f));
}
