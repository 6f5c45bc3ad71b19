import type { PortalState, PostRecord } from '../store/state.js';

/**
 * The one place a post's status changes (an update naming another status). The post moves
 * to the new status's board, and `latest_status_change_at` restarts; clearing the status
 * leaves the post where it is. Returns what to store (nothing when the status stays); what
 * follows a status change (its event) belongs here.
 */
export function changePostStatus(
  portal: PortalState,
  post: PostRecord,
  statusId: number | null,
  now: Date,
): Partial<PostRecord> {
  if (statusId === post.status_id) return {};
  const status = statusId === null ? undefined : portal.status(statusId);
  const patch: Partial<PostRecord> = { status_id: statusId, latest_status_change_at: now.toISOString() };
  if (status?.tab_id != null) patch.tab_id = status.tab_id;
  return patch;
}
