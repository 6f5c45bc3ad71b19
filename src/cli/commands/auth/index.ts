import { defineGroup } from '../../framework/define-command.js';
import list from './list.js';
import login from './login.js';
import logout from './logout.js';
import status from './status.js';
import sw from './switch.js';

export const { register } = defineGroup({
  name: 'auth',
  description: 'Log in to portals and manage stored profiles',
  help: `Credentials are taken, in order, from --base-url/FP_BASE_URL and FP_API_KEY (which need no
stored profile together), then the profile named by --profile/FP_PROFILE, then the current profile.
FP_API_KEY beats a stored key. The API key is never accepted as a flag value.`,
  commands: [login, logout, status, list, sw],
});
