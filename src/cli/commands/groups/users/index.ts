import { defineGroup } from '../../../framework/define-command.js';
import add from './add.js';
import list from './list.js';
import remove from './remove.js';

export default defineGroup({
  name: 'users',
  description: 'List, add and remove the members of a group',
  commands: [list, add, remove],
});
