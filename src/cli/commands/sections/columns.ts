import type { Section } from '../../../contract/schemas/section.js';
import type { Column } from '../../output/output.js';

export const sectionColumns: Column<Section>[] = [
  { header: 'ID', value: (s) => s.id },
  { header: 'TAB', field: 'tab_id', value: (s) => s.tab_id },
  { header: 'PARENT', field: 'parent_id', value: (s) => s.parent_id ?? '' },
  { header: 'SLUG', value: (s) => s.slug },
  { header: 'TITLE', value: (s) => s.title, max: 40 },
  { header: 'ORDER', field: 'sort_order', value: (s) => s.sort_order },
];
