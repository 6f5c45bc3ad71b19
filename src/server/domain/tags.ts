import type { TagBody } from '../../contract/schemas/tag.js';
import type { Portal } from '../store/portal.js';
import type { TagRecord } from '../../seed-file/seed-file.js';
import { noQueryResults, ValidationError } from './errors.js';

/** A tag by its id. */
function findTag(portal: Portal, ref: string): TagRecord {
  const tag = portal.tags.get(ref);
  if (!tag) throw noQueryResults('Tag', ref);
  return tag;
}

function assertNameFree(portal: Portal, name: string, except?: string): void {
  const holder = portal.tags.named(name);
  if (holder && holder.id !== except) throw ValidationError.field('name', 'The name has already been taken.');
}

export function createTag(portal: Portal, input: TagBody): TagRecord {
  assertNameFree(portal, input.name);
  const tag: TagRecord = { id: portal.tags.nextId(), name: input.name };
  portal.tags.insert(tag);
  return tag;
}

export function updateTag(portal: Portal, ref: string, input: TagBody): TagRecord {
  const tag = findTag(portal, ref);
  assertNameFree(portal, input.name, tag.id);
  portal.tags.update(tag.id, { name: input.name });
  return { ...tag, name: input.name };
}

/** Tags are labels: deleting one takes it off its posts, as a category's delete does (D-TAG-WRITE). */
export function deleteTag(portal: Portal, ref: string): void {
  portal.tags.delete(findTag(portal, ref).id);
}
