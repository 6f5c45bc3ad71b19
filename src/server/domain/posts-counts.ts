import type { PortalState, PostRecord } from '../store/state.js';

/** Comments end users see: approved ones, replies included. */
export function approvedCommentCount(portal: PortalState, post: PostRecord): number {
  return portal.approvedCommentCount(post.key);
}
