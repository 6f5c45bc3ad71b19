import type { Status } from '../../../contract/schemas/status.js';
import type { Column } from '../../output/output.js';

export const statusColumns: Column<Status>[] = [
  { header: 'ID', value: (s) => s.id },
  { header: 'NAME', value: (s) => s.name },
  { header: 'COLOR', value: (s) => s.color },
  { header: 'TAB', field: 'tab_id', value: (s) => s.tab_id ?? '' },
];
