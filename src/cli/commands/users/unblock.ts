import { blockCommand } from './block-command.js';

export default blockCommand(false, {
  description: 'Unblock users (assumed operation, D-USER-BULK)',
  examples: [
    'fp users unblock "Tom Becker"',
    'fp users unblock 4 5 lena.novak@acme.test',
    'fp users unblock - < users.txt',
  ],
});
