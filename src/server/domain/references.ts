import type { ReferenceRecord } from '../../seed-file/seed-file.js';
import type { Portal } from '../store/portal.js';
import { noQueryResults } from './errors.js';
import { findPostByKey } from './posts-find.js';

/** References attach to any post, whatever its moderation state; ids count up and are never handed out twice. */
export function createReference(portal: Portal, key: string, text: string, now: Date): ReferenceRecord {
  const post = findPostByKey(portal, key);
  const id = portal.references.nextId();
  const at = now.toISOString();
  const reference: ReferenceRecord = { id, post_key: post.key, reference: text, created_at: at, updated_at: at };
  portal.references.insert(reference);
  return reference;
}

export function deleteReference(portal: Portal, rawId: string): void {
  const reference =
    /^\d+$/.test(rawId) && Number.isSafeInteger(Number(rawId)) ? portal.references.get(Number(rawId)) : undefined;
  if (!reference) throw noQueryResults('Reference', rawId);
  portal.references.delete(reference.id);
}
