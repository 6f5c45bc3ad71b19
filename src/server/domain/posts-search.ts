import type { PostSearchQuery } from '../../contract/schemas/post-search.js';
import type { Portal } from '../store/portal.js';
import type { PostRecord } from '../../seed-file/seed-file.js';
import { foldText, wordsOf } from './post-words.js';
import { DEFAULT_LIMIT } from './posts-list.js';
import { searchFilter } from './posts-tab.js';

/**
 * `GET /posts/search` (D-POST-SEARCH): approved posts holding every word of the search in their
 * title or description (as a part of a word: `export` finds `exports`), best first: more of the
 * words in the title, then more votes, then newer, then the key.
 */
export function searchPosts(portal: Portal, query: PostSearchQuery): PostRecord[] {
  const words = [...new Set(wordsOf(query.search))];
  if (words.length === 0) return [];
  const found = [];
  for (const post of portal.postTexts.of(searchFilter(portal, query.tab))) {
    const title = foldText(post.title);
    const description = foldText(post.description);
    if (!words.every((w) => title.includes(w) || description.includes(w))) continue;
    found.push({ post, inTitle: words.filter((w) => title.includes(w)).length });
  }
  found.sort(
    (a, b) =>
      b.inTitle - a.inTitle ||
      b.post.votes_count - a.post.votes_count ||
      b.post.created_ms - a.post.created_ms ||
      (a.post.key < b.post.key ? -1 : 1),
  );
  return found.slice(0, query.limit ?? DEFAULT_LIMIT).map(({ post }) => portal.posts.get(post.key)!);
}
