import { voteCommand } from './vote-command.js';

export default voteCommand({
  name: 'add',
  description: 'Vote for a post as an anonymous user (one vote per anonymous id)',
  done: (post, id) => `Voted for ${post} as anonymous ${id}.`,
});
