import { voteCommand } from './vote-command.js';

export default voteCommand({
  name: 'add',
  description:
    'Vote for a post or a comment as an anonymous user or, for a post, as a user with --user (one vote each)',
  done: (post, voter) => `Voted for ${post} as ${voter}.`,
});
