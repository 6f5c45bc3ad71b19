import type { PostRecord } from '../../seed-file/seed-file.js';
import type { Portal } from '../store/portal.js';
import { emitPortalEvent } from './portal-events.js';

/**
 * The post events, emitted where a post is created, approved, deleted or changes
 * status. Only posts visible to end users (approved) announce anything
 * (D-WEBHOOK-VISIBLE): a pending post announces itself when approved.
 */

export function emitPostCreated(portal: Portal, post: PostRecord, now: Date): void {
  emitPortalEvent(portal, 'post.created', { kind: 'post', post, by: post.author_id }, now);
}

/** Call before the post is deleted, so it is described as it was. */
export function emitPostDeleted(portal: Portal, post: PostRecord, now: Date): void {
  if (post.moderation_status !== 'approved') return;
  emitPortalEvent(portal, 'post.deleted', { kind: 'post', post, by: portal.users.first('admin') }, now);
}

/** Call after the new status is written; `from` is the status id it had. */
function emitPostStatusChanged(portal: Portal, post: PostRecord, from: number | null, now: Date): void {
  if (post.moderation_status !== 'approved' || post.status_id === from) return;
  const status = (id: number | null) => {
    const s = id === null ? undefined : portal.statuses.get(id);
    return s ? { id: s.id, name: s.name, color: s.color } : null;
  };
  emitPortalEvent(
    portal,
    'post.status_changed',
    {
      kind: 'post',
      post,
      by: portal.users.first('admin'),
      changes: { previous_status: status(from), status: status(post.status_id) },
    },
    now,
  );
}

/**
 * The one place a post's status changes: the new status and the time of the change
 * are written, the post moves to the new status's board (a status decides where its
 * posts show; clearing the status leaves the post where it is), and post.status_changed
 * is emitted (for a visible post).
 */
export function changePostStatus(portal: Portal, post: PostRecord, statusId: number | null, now: Date): void {
  const from = post.status_id;
  if (from === statusId) return;
  const at = now.toISOString();
  const board = statusId === null ? undefined : portal.statuses.get(statusId)?.tab_id;
  const patch = { status_id: statusId, latest_status_change_at: at, updated_at: at, tab_id: board ?? post.tab_id };
  Object.assign(post, patch);
  portal.posts.update(post.key, patch);
  emitPostStatusChanged(portal, post, from, now);
}
