import type { PortalState, PostRecord } from '../store/state.js';

/** Comments end users see: approved ones, replies included. */
export function approvedCommentCount(portal: PortalState, post: PostRecord): number {
  let n = 0;
  for (const c of portal.comments) if (c.post_key === post.key && c.moderation_status === 'approved') n++;
  return n;
}
