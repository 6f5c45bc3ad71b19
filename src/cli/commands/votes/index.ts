import { defineGroup } from '../../framework/define-command.js';
import add from './add.js';
import remove from './remove.js';

export const { register } = defineGroup({
  name: 'votes',
  description: 'Add or remove anonymous votes on posts',
  commands: [add, remove],
});
