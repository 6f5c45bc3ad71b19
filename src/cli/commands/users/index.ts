import { defineGroup } from '../../framework/define-command.js';
import find from './find.js';
import get from './get.js';
import groups from './groups.js';
import list from './list.js';

export const { register } = defineGroup({
  name: 'users',
  description: 'List, show and find users; the groups a user is in (assumed operations)',
  help: 'A user is given by UUID, integer id, e-mail or name. list, get and find are assumed operations (D-USER-LIST, D-USER-GET, D-USER-FIND).',
  commands: [list, get, find, groups],
});
