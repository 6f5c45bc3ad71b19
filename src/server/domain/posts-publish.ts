import type { Portal } from '../store/portal.js';
import { findPostByKey } from './posts-find.js';

/** Flips a post's published flag (D-POST-TOGGLE-PUBLISH); `updated_at` moves, as on any save. */
export function togglePublish(portal: Portal, key: string, now: Date): { id: number; key: string; published: boolean } {
  const post = findPostByKey(portal, key);
  const published = !post.published;
  portal.posts.update(post.key, { published, updated_at: now.toISOString() });
  return { id: post.database_id, key: post.key, published };
}
