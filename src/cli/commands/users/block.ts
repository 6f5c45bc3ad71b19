import { blockCommand } from './block-command.js';

export default blockCommand(true, {
  description: 'Block users: they can no longer vote, comment or post through the API (assumed operation, D-USER-BULK)',
  examples: [
    'fp users block "Tom Becker"',
    'fp users block 4 5 lena.novak@acme.test',
    'fp users list --all --json --jq \'.[] | select(.email | endswith("@spam.test")) | .id\' | fp users block -',
  ],
});
