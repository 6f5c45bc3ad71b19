import type { TabRecord } from '../../seed-file/seed-file.js';
import type { Portal } from '../store/portal.js';
import type { PostFilter } from '../store/repositories/post-list-query.js';
import { ValidationError } from './errors.js';

const TAB_INVALID = 'The selected tab is invalid.';

/** A tab named by its slug or its integer id; any other value is a 422 on `tab` (D-POST-TAB-LIST). */
export function tabNamed(portal: Portal, tab: string): TabRecord {
  const found = portal.tabs.bySlug(tab) ?? (/^\d+$/.test(tab) ? portal.tabs.get(Number(tab)) : undefined);
  if (!found) throw ValidationError.field('tab', TAB_INVALID);
  return found;
}

/** Approved posts of the tab named, or of every tab but the knowledge bases when none is. */
export function searchFilter(portal: Portal, tab: string | undefined): PostFilter {
  if (tab === undefined) return { moderation_status: 'approved', hideKnowledgeBase: true };
  return { moderation_status: 'approved', hideKnowledgeBase: false, tabId: tabNamed(portal, tab).id };
}
