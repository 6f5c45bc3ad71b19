import { defineGroup } from '../../framework/define-command.js';
import create from './create.js';
import del from './delete.js';
import get from './get.js';
import list from './list.js';
import update from './update.js';
import users from './users/index.js';

export const { register } = defineGroup({
  name: 'groups',
  description: 'Manage user groups and their members',
  help: 'A group is given by its id (UUID) or its unique name.',
  commands: [list, get, create, update, del, users],
});
