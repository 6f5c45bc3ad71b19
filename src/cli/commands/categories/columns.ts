import type { Category } from '../../../contract/schemas/category.js';
import type { Column } from '../../output/output.js';

export const categoryColumns: Column<Category>[] = [
  { header: 'ID', value: (c) => c.id },
  { header: 'NAME', value: (c) => c.name },
  { header: 'COLOR', value: (c) => c.color, swatch: (c) => c.color },
  { header: 'ORDER', field: 'sort_order', value: (c) => c.sort_order },
];
