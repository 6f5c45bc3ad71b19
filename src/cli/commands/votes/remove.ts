import { voteCommand } from './vote-command.js';

export default voteCommand({
  name: 'remove',
  description: "Revoke an anonymous user's vote on a post",
  done: (post, id) => `Removed the vote of anonymous ${id} from ${post}.`,
});
