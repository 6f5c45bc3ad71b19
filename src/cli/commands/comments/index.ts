import { defineGroup } from '../../framework/define-command.js';
import create from './create.js';
import del from './delete.js';
import list from './list.js';
import update from './update.js';

export const { register } = defineGroup({
  name: 'comments',
  description: 'List, create, update and delete the comments of posts',
  commands: [list, create, update, del],
});
