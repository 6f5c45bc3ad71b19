import { defineCommand, defineGroup } from '../../framework/define-command.js';
import { statusColumns as columns } from './columns.js';
import create from './create.js';
import del from './delete.js';
import update from './update.js';

const list = defineCommand({
  name: 'list',
  endpoint: 'statuses.list',
  columns,
  keepsNames: ['statuses'],
  empty: 'No statuses.',
  examples: ['fp statuses list', 'fp statuses list --jq ".[] | select(.tab_id == 2) | .name"'],
});

export const { register } = defineGroup({
  name: 'statuses',
  description: 'List, create, update and delete post statuses (assumed operations, D-STATUS-LIST, D-STATUS-WRITE)',
  commands: [list, create, update, del],
});
