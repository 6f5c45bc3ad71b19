import type { PortalState, ReferenceRecord } from '../store/state.js';
import { noQueryResults } from './errors.js';
import { findPostByKey } from './posts-find.js';

/** References attach to any post, whatever its moderation state; ids count up and are never handed out twice. */
export function createReference(portal: PortalState, key: string, text: string, now: Date): ReferenceRecord {
  const post = findPostByKey(portal, key);
  const id = portal.nextId('references');
  const at = now.toISOString();
  const reference: ReferenceRecord = { id, post_key: post.key, reference: text, created_at: at, updated_at: at };
  portal.insertReference(reference);
  return reference;
}

export function deleteReference(portal: PortalState, rawId: string): void {
  const reference =
    /^\d+$/.test(rawId) && Number.isSafeInteger(Number(rawId)) ? portal.reference(Number(rawId)) : undefined;
  if (!reference) throw noQueryResults('Reference', rawId);
  portal.deleteReference(reference.id);
}
