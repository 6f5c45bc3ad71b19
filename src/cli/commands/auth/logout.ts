import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { defineCommand } from '../../framework/define-command.js';
import { unknownProfile } from './profile-name.js';

interface LogoutOptions {
  /** The profile to forget; the current one when absent. */
  profile?: string;
}

async function logoutRun(opts: LogoutOptions, f: Factory): Promise<void> {
  const store = await f.config();
  const name = opts.profile ?? store.currentName();
  if (!name) throw new UsageError('no current profile to log out of: pass --profile NAME (`fp auth list` shows them)');
  const profile = store.get(name);
  if (!profile || !store.remove(name))
    throw unknownProfile(
      name,
      store.list().map((p) => p.name),
    );
  f.status(`Logged out of profile ${name} (${profile.base_url}); its key is no longer stored`);
}

export default defineCommand<{ profile?: string }>({
  name: 'logout',
  description: 'Forget the key stored for a profile (the current one unless --profile is given)',
  flags: [{ flags: '--profile <name>', description: 'profile to remove (env FP_PROFILE)', complete: 'profiles' }],
  examples: ['fp auth logout', 'fp auth logout --profile staging'],
  help: 'An unknown profile name exits 2.',
  run: ({ opts, f }) => logoutRun({ profile: opts.profile ?? f.globals().profile ?? f.io.env.FP_PROFILE }, f),
});
