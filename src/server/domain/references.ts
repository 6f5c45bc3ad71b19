import type { PortalState, ReferenceRecord } from '../store/state.js';
import { noQueryResults } from './errors.js';
import { findPostByKey } from './posts-find.js';

/** References attach to any post, whatever its moderation state; ids count up from the highest. */
export function createReference(portal: PortalState, key: string, text: string, now: Date): ReferenceRecord {
  const post = findPostByKey(portal, key);
  const id = Math.max(0, ...portal.references.map((r) => r.id)) + 1;
  const at = now.toISOString();
  const reference: ReferenceRecord = { id, post_key: post.key, reference: text, created_at: at, updated_at: at };
  portal.references.push(reference);
  return reference;
}

export function deleteReference(portal: PortalState, rawId: string): void {
  const reference = /^\d+$/.test(rawId) ? portal.references.find((r) => r.id === Number(rawId)) : undefined;
  if (!reference) throw noQueryResults('Reference', rawId);
  portal.references = portal.references.filter((r) => r !== reference);
}
