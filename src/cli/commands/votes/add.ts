import { voteCommand } from './vote-command.js';

export default voteCommand({
  name: 'add',
  description: 'Vote for a post as an anonymous user or, with --user, as a user (one vote each)',
  done: (post, voter) => `Voted for ${post} as ${voter}.`,
});
