import { defineCommand, defineGroup } from '../../framework/define-command.js';
import { tagColumns as columns } from './columns.js';
import create from './create.js';
import del from './delete.js';
import update from './update.js';

const list = defineCommand({
  name: 'list',
  endpoint: 'tags.list',
  columns,
  keepsNames: ['tags'],
  empty: 'No tags.',
  examples: ['fp tags list', 'fp tags list --jq ".[].id"'],
});

export const { register } = defineGroup({
  name: 'tags',
  description:
    'List, create, rename and delete tags, the internal labels (assumed operations, D-TAG-LIST, D-TAG-WRITE)',
  commands: [list, create, update, del],
});
