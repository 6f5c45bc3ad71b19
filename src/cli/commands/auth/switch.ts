import type { Factory } from '../../factory.js';
import { defineCommand } from '../../framework/define-command.js';
import { unknownProfile } from './profile-name.js';

interface SwitchOptions {
  name: string;
}

async function switchRun(opts: SwitchOptions, f: Factory): Promise<void> {
  const store = await f.config();
  if (!store.switchTo(opts.name))
    throw unknownProfile(
      opts.name,
      store.list().map((p) => p.name),
    );
  f.status(`Switched to profile ${opts.name} (${store.get(opts.name)?.base_url})`);
}

export default defineCommand<{ name: string }>({
  name: 'switch',
  description: 'Make a stored profile the current one',
  args: [{ name: 'name', description: 'profile name (`fp auth list` shows them)', complete: 'profiles' }],
  examples: ['fp auth switch staging'],
  help: 'An unknown NAME exits 2 and lists the stored profiles.',
  run: ({ opts, f }) => switchRun(opts, f),
});
