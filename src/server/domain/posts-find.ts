import type { PostRecord, TabRecord } from '../../seed-file/seed-file.js';
import type { Portal } from '../store/portal.js';
import { noQueryResults } from './errors.js';

/** A post by its key (the short string exposed as the post's `id`); 404 in the service's words otherwise. */
export function findPostByKey(portal: Portal, key: string): PostRecord {
  const post = portal.posts.get(key);
  if (!post) throw noQueryResults('Post', key);
  return post;
}

export function tabOfPost(portal: Portal, post: PostRecord): TabRecord | undefined {
  return post.tab_id === null ? undefined : portal.tabs.get(post.tab_id);
}
