import { defineCommand, defineGroup } from '../../framework/define-command.js';
import type { Column } from '../../output/output.js';
import type { Tag } from '../../../contract/schemas/tag.js';

const columns: Column<Tag>[] = [
  { header: 'ID', value: (t) => t.id },
  { header: 'NAME', value: (t) => t.name },
];

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
  description: 'List tags, the internal labels (assumed operation, D-TAG-LIST)',
  commands: [list],
});
