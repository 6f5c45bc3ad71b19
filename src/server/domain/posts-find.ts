import type { PortalState, PostRecord, TabRecord } from '../store/state.js';
import { noQueryResults } from './errors.js';

/** A post by its key (the short string exposed as the post's `id`); 404 in the service's words otherwise. */
export function findPostByKey(portal: PortalState, key: string): PostRecord {
  const post = portal.post(key);
  if (!post) throw noQueryResults('Post', key);
  return post;
}

export function tabOfPost(portal: PortalState, post: PostRecord): TabRecord | undefined {
  return post.tab_id === null ? undefined : portal.tab(post.tab_id);
}

/** Knowledge-base articles are posts on a knowledge_base tab. */
export function isKnowledgeBaseArticle(portal: PortalState, post: PostRecord): boolean {
  return tabOfPost(portal, post)?.type === 'knowledge_base';
}
