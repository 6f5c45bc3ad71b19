import type { PostRecord } from '../../seed-file/seed-file.js';
import type { Portal } from '../store/portal.js';

/** Comments end users see: approved ones, replies included. */
export function approvedCommentCount(portal: Portal, post: PostRecord): number {
  return portal.posts.approvedCommentCount(post.key);
}
