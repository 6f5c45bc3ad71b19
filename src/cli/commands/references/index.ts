import { defineGroup } from '../../framework/define-command.js';
import add from './add.js';
import del from './delete.js';

export const { register } = defineGroup({
  name: 'references',
  description: 'Attach references to posts, or delete them',
  commands: [add, del],
});
