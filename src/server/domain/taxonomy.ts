import type { Portal } from '../store/portal.js';
import type { SectionRecord, TabRecord } from '../../seed-file/seed-file.js';
import { noQueryResults } from './errors.js';

const isId = (ref: string) => /^\d+$/.test(ref) && Number.isSafeInteger(Number(ref));

/** A tab by integer id or by slug (the post list filters by slug, the knowledge base names ids). */
export function findTab(portal: Portal, ref: string): TabRecord {
  const tab = isId(ref) ? portal.tabs.get(Number(ref)) : portal.tabs.bySlug(ref);
  if (!tab) throw noQueryResults('Tab', ref);
  return tab;
}

/** A section by integer id or by slug, as the post list's `section` filter takes it. */
export function findSection(portal: Portal, ref: string): SectionRecord {
  const section = isId(ref) ? portal.sections.get(Number(ref)) : portal.sections.bySlug(ref);
  if (!section) throw noQueryResults('Section', ref);
  return section;
}
