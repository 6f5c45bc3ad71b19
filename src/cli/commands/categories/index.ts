import { defineGroup } from '../../framework/define-command.js';
import create from './create.js';
import del from './delete.js';
import list from './list.js';
import update from './update.js';

export const { register } = defineGroup({
  name: 'categories',
  description: 'Manage categories (visible to end users)',
  commands: [list, create, update, del],
});
