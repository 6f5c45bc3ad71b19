import { defineCommand, defineGroup } from '../../framework/define-command.js';
import type { Column } from '../../output/output.js';
import type { Status } from '../../../contract/schemas/status.js';

const columns: Column<Status>[] = [
  { header: 'ID', value: (s) => s.id },
  { header: 'NAME', value: (s) => s.name },
  { header: 'COLOR', value: (s) => s.color },
  { header: 'TAB', field: 'tab_id', value: (s) => s.tab_id ?? '' },
];

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
  description: 'List post statuses (assumed operation, D-STATUS-LIST)',
  commands: [list],
});
