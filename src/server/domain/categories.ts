import type { Category } from '../../contract/schemas/category.js';
import { CATEGORY_PALETTE } from '../../seed-file/derived-fields.js';
import type { CategoryRecord } from '../../seed-file/seed-file.js';
import type { Portal } from '../store/portal.js';
import { ForbiddenError, NotFoundError, ValidationError } from './errors.js';

const NAME_TAKEN = 'The name has already been taken.';

export function presentCategory(c: CategoryRecord): Category {
  return { id: c.id, name: c.name, color: c.color, sort_order: c.sort_order };
}

/** Names are unique per portal and compared case-sensitively. */
function assertNameFree(portal: Portal, name: string, except?: number): void {
  const holder = portal.categories.named(name);
  if (holder && holder.id !== except) throw ValidationError.field('name', NAME_TAKEN);
}

function findForChange(portal: Portal, rawId: string, verb: 'update' | 'delete', notFound: string): CategoryRecord {
  const category =
    /^\d+$/.test(rawId) && Number.isSafeInteger(Number(rawId)) ? portal.categories.get(Number(rawId)) : undefined;
  if (!category) throw new NotFoundError(notFound);
  if (category.locked) throw new ForbiddenError(`You do not have permission to ${verb} this category.`);
  return category;
}

export function createCategory(portal: Portal, input: { name: string }): CategoryRecord {
  assertNameFree(portal, input.name);
  const id = portal.categories.nextId();
  const sortOrder = portal.categories.highestSortOrder() + 1;
  const category: CategoryRecord = {
    id,
    name: input.name,
    color: CATEGORY_PALETTE[(id - 1) % CATEGORY_PALETTE.length],
    sort_order: sortOrder,
    locked: false,
  };
  portal.categories.insert(category);
  return category;
}

export function updateCategory(portal: Portal, rawId: string, input: { name: string; color: string }): CategoryRecord {
  const category = findForChange(portal, rawId, 'update', 'Category not found.');
  assertNameFree(portal, input.name, category.id);
  category.name = input.name;
  category.color = input.color;
  portal.categories.update(category.id, { name: category.name, color: category.color });
  return category;
}

/** Deleting a category also takes it off every post. */
export function deleteCategory(portal: Portal, rawId: string): void {
  const category = findForChange(portal, rawId, 'delete', 'Category not found');
  portal.categories.delete(category.id);
}
