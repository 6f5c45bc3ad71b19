import type { SectionCreateBody, SectionUpdateBody } from '../../contract/schemas/section.js';
import { slugify } from '../../seed-file/derived-fields.js';
import type { Portal } from '../store/portal.js';
import type { SectionRecord } from '../../seed-file/seed-file.js';
import { RuleViolation, ValidationError } from './errors.js';
import { findSection } from './taxonomy.js';

const PARENT_INVALID = 'The selected parent id is invalid.';

/** A slug made from the title, with `-2`, `-3`… when another section of the portal has it. */
function freeSlug(portal: Portal, title: string): string {
  const base = slugify(title);
  let slug = base;
  for (let n = 2; portal.sections.bySlug(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/** The parent must be a section of the same tab, and not the section itself or one inside it. */
function checkParent(portal: Portal, tabId: number, parentId: number, moving?: number): void {
  let parent = portal.sections.get(parentId);
  if (!parent || parent.tab_id !== tabId) throw ValidationError.field('parent_id', PARENT_INVALID);
  for (; parent; parent = parent.parent_id === null ? undefined : portal.sections.get(parent.parent_id)) {
    if (parent.id === moving) throw ValidationError.field('parent_id', PARENT_INVALID);
  }
}

const lastAmong = (siblings: SectionRecord[]) => siblings.reduce((m, s) => Math.max(m, s.sort_order), 0);

export function createSection(portal: Portal, input: SectionCreateBody): SectionRecord {
  if (!portal.tabs.get(input.tab_id)) throw ValidationError.field('tab_id', 'The selected tab id is invalid.');
  const parentId = input.parent_id ?? null;
  if (parentId !== null) checkParent(portal, input.tab_id, parentId);
  const siblings = portal.sections.children(parentId).filter((s) => s.tab_id === input.tab_id);
  const section: SectionRecord = {
    id: portal.sections.nextId(),
    tab_id: input.tab_id,
    slug: freeSlug(portal, input.title),
    name: input.title,
    parent_id: parentId,
    description: input.description ?? '',
    sort_order: lastAmong(siblings) + 1,
  };
  portal.sections.insert(section);
  return section;
}

/** Only the fields sent change; a new parent puts the section after its new siblings. */
export function updateSection(portal: Portal, ref: string, input: SectionUpdateBody): SectionRecord {
  const section = findSection(portal, ref);
  const patch: Partial<SectionRecord> = {};
  if (input.title !== undefined) patch.name = input.title;
  if (input.description !== undefined) patch.description = input.description ?? '';
  if (input.parent_id !== undefined && input.parent_id !== section.parent_id) {
    if (input.parent_id !== null) checkParent(portal, section.tab_id, input.parent_id, section.id);
    patch.parent_id = input.parent_id;
    const siblings = portal.sections.children(input.parent_id).filter((s) => s.tab_id === section.tab_id);
    patch.sort_order = lastAmong(siblings) + 1;
  }
  portal.sections.update(section.id, patch);
  return { ...section, ...patch };
}

/** A section with child sections or posts is kept: deleting it would orphan them (D-SECTION-WRITE). */
export function deleteSection(portal: Portal, ref: string): void {
  const section = findSection(portal, ref);
  const children = portal.sections.children(section.id).length;
  if (children > 0) {
    throw new RuleViolation(
      `The section has ${children} child ${children === 1 ? 'section' : 'sections'}: move or delete them first.`,
    );
  }
  const posts = portal.sections.postCount(section.id);
  if (posts > 0) {
    throw new RuleViolation(`The section has ${posts} ${posts === 1 ? 'post' : 'posts'}: move or delete them first.`);
  }
  portal.sections.delete(section.id);
}
