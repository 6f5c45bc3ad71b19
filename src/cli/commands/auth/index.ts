import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import * as list from './list.js';
import * as login from './login.js';
import * as logout from './logout.js';
import * as status from './status.js';
import * as sw from './switch.js';

export function register(program: Command, f: Factory): void {
  const group = program
    .command('auth')
    .description('Log in to portals and manage stored profiles')
    .addHelpText(
      'after',
      `
Credentials are taken, in order, from --base-url/FP_BASE_URL and FP_API_KEY (which need no
stored profile together), then the profile named by --profile/FP_PROFILE, then the current profile.
FP_API_KEY beats a stored key. The API key is never accepted as a flag value.`,
    );
  for (const verb of [login, logout, status, list, sw]) verb.register(group, f);
}
