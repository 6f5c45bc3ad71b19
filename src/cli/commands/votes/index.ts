import { defineGroup } from '../../framework/define-command.js';
import add from './add.js';
import list from './list.js';
import remove from './remove.js';

export const { register } = defineGroup({
  name: 'votes',
  description: 'List the votes of a post; add or remove anonymous votes on posts and comments, and user votes',
  help: 'list and --user are assumed operations (D-USER-VOTE-LIST, D-USER-VOTE-ADD, D-USER-VOTE-REMOVE).',
  commands: [list, add, remove],
});
