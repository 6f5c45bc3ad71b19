import type { Tag } from '../../../contract/schemas/tag.js';
import type { Column } from '../../output/output.js';

export const tagColumns: Column<Tag>[] = [
  { header: 'ID', value: (t) => t.id },
  { header: 'NAME', value: (t) => t.name },
];
