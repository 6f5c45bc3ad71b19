import { voteCommand } from './vote-command.js';

export default voteCommand({
  name: 'remove',
  description: "Revoke an anonymous user's vote on a post or a comment or, with --user, a user's vote on a post",
  done: (post, voter) => `Removed the vote of ${voter} from ${post}.`,
});
