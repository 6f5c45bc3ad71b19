import type { PostDuplicatesQuery } from '../../contract/schemas/post-search.js';
import type { Portal } from '../store/portal.js';
import type { PostRecord } from '../../seed-file/seed-file.js';
import { termsOf } from './post-words.js';
import { searchFilter } from './posts-tab.js';

/** Scores below this are not likely duplicates. */
const DUPLICATE_THRESHOLD = 0.35;
const DUPLICATE_LIMIT = 5;
/** How much of a post's description the check reads. */
const DESCRIPTION_CHARS = 2048;

const shared = (a: Set<string>, b: Set<string>) => {
  let n = 0;
  for (const t of a) if (b.has(t)) n++;
  return n;
};
/** Sørensen-Dice: twice the shared terms over both counts. */
const dice = (a: Set<string>, b: Set<string>) => (a.size + b.size === 0 ? 0 : (2 * shared(a, b)) / (a.size + b.size));
/** The share of `a`'s terms that `b` has. */
const coverage = (a: Set<string>, b: Set<string>) => (a.size === 0 ? 0 : shared(a, b) / a.size);

interface ProposedPost {
  title: Set<string>;
  /** Title and description together, when a description was given. */
  whole?: Set<string>;
}

/**
 * How alike a proposal and a post are, 0-1 rounded to two places (D-POST-DUPLICATES): the Dice
 * overlap of the titles' terms weighs 0.8, and the share of the proposed title's terms found
 * anywhere in the post 0.2; with a description, 0.6 and 0.2, and the Dice overlap of the
 * proposal's whole text with the post's whole text 0.2.
 */
function duplicateScore(proposal: ProposedPost, postTitle: Set<string>, postWhole: Set<string>): number {
  const titles = dice(proposal.title, postTitle);
  const found = coverage(proposal.title, postWhole);
  const score = proposal.whole
    ? 0.6 * titles + 0.2 * found + 0.2 * dice(proposal.whole, postWhole)
    : 0.8 * titles + 0.2 * found;
  return Math.round(score * 100) / 100;
}

/**
 * `GET /posts/search_duplicates` (D-POST-DUPLICATES): approved posts scoring at least the
 * threshold, best first (then more votes, then the key), at most `limit`.
 */
export function findDuplicates(portal: Portal, query: PostDuplicatesQuery): Array<{ post: PostRecord; score: number }> {
  const proposal: ProposedPost = { title: termsOf(query.title) };
  if (query.description) proposal.whole = termsOf(`${query.title} ${query.description}`);
  const scored = [];
  for (const post of portal.postTexts.of(searchFilter(portal, query.tab), DESCRIPTION_CHARS)) {
    const title = termsOf(post.title);
    const score = duplicateScore(proposal, title, termsOf(`${post.title} ${post.description}`));
    if (score >= DUPLICATE_THRESHOLD) scored.push({ post, score });
  }
  scored.sort(
    (a, b) => b.score - a.score || b.post.votes_count - a.post.votes_count || (a.post.key < b.post.key ? -1 : 1),
  );
  return scored
    .slice(0, query.limit ?? DUPLICATE_LIMIT)
    .map(({ post, score }) => ({ post: portal.posts.get(post.key)!, score }));
}
