import type { AnonymousVoteRecord, CommentRecord, PostRecord } from '../../seed-file/seed-file.js';
import type { Portal } from '../store/portal.js';
import { noQueryResults, RuleViolation } from './errors.js';
import { findCommentById } from './comments.js';
import { findPostByKey, tabOfPost } from './posts-find.js';
import { emitPortalEvent } from './portal-events.js';

export const NOT_VOTEABLE = 'Item is not voteable.';
export const ALREADY_VOTED = 'Anonymous user has already voted for this item.';
const NOT_VOTED_YET = 'Anonymous user has not voted yet.';

/**
 * Votes go to approved posts on a voting board or roadmap (or on no tab).
 * Pending and rejected posts are hidden from voters; changelog entries and
 * knowledge-base articles are announcements and documents, not feedback to vote on.
 */
export function isVoteable(portal: Portal, post: PostRecord): boolean {
  if (post.moderation_status !== 'approved') return false;
  const type = tabOfPost(portal, post)?.type;
  return type === undefined || type === 'board' || type === 'roadmap';
}

/** A comment can be voted on where end users see it: it and its post are approved (D-VOTE-COMMENT-VOTEABLE). */
function isCommentVoteable(comment: CommentRecord, post: PostRecord): boolean {
  return comment.moderation_status === 'approved' && post.moderation_status === 'approved';
}

/** What the route's key names: a post, or a comment, with the post it belongs to. */
type VoteItem = { post: PostRecord; comment?: undefined } | { post: PostRecord; comment: CommentRecord };

/**
 * The key is a post key; a key of digits that is no post's key is a comment id (D-VOTE-KEY). So a
 * post whose key is all digits keeps its votes, and a numeric key that names neither is an unknown comment.
 */
function findVoteItem(portal: Portal, key: string): VoteItem {
  const post = portal.posts.get(key);
  if (post) return { post };
  if (!/^\d+$/.test(key)) throw noQueryResults('Post', key);
  const comment = findCommentById(portal, key);
  return { post: findPostByKey(portal, comment.post_key), comment };
}

function voteableItem(portal: Portal, key: string): VoteItem {
  const item = findVoteItem(portal, key);
  const voteable = item.comment ? isCommentVoteable(item.comment, item.post) : isVoteable(portal, item.post);
  if (!voteable) throw new RuleViolation(NOT_VOTEABLE);
  return item;
}

const findVote = (portal: Portal, item: VoteItem, anonymousId: string) =>
  item.comment ? portal.commentVotes.get(item.comment.id, anonymousId) : portal.votes.get(item.post.key, anonymousId);

/** The item's `votes_count` moves by `by` (never below 0); a comment's author's count follows by a trigger. */
function countVote(portal: Portal, item: VoteItem, by: 1 | -1): void {
  if (item.comment) {
    item.comment.votes_count = Math.max(0, item.comment.votes_count + by);
    portal.comments.update(item.comment.id, { votes_count: item.comment.votes_count });
  } else {
    item.post.votes_count = Math.max(0, item.post.votes_count + by);
    portal.posts.update(item.post.key, { votes_count: item.post.votes_count });
  }
}

/** One vote per anonymous id and item (a post or a comment); the item's `votes_count` counts it. */
export function addAnonymousVote(portal: Portal, key: string, anonymousId: string, now: Date): AnonymousVoteRecord {
  const item = voteableItem(portal, key);
  if (findVote(portal, item, anonymousId)) throw new RuleViolation(ALREADY_VOTED);
  const created_at = now.toISOString();
  if (item.comment) portal.commentVotes.insert({ comment_id: item.comment.id, anonymous_id: anonymousId, created_at });
  else portal.votes.insert({ post_key: item.post.key, anonymous_id: anonymousId, created_at });
  countVote(portal, item, 1);
  const vote = { post_key: item.post.key, anonymous_id: anonymousId, created_at };
  emitPortalEvent(
    portal,
    'vote.created',
    { kind: 'anonymous-vote', vote, post: item.post, comment: item.comment },
    now,
  );
  return vote;
}

export function removeAnonymousVote(portal: Portal, key: string, anonymousId: string, now = new Date()): void {
  const item = voteableItem(portal, key);
  const vote = findVote(portal, item, anonymousId);
  if (!vote) throw new RuleViolation(NOT_VOTED_YET);
  if (item.comment) portal.commentVotes.delete(item.comment.id, anonymousId);
  else portal.votes.delete(item.post.key, anonymousId);
  countVote(portal, item, -1);
  emitPortalEvent(
    portal,
    'vote.deleted',
    { kind: 'anonymous-vote', vote, post: item.post, comment: item.comment },
    now,
  );
}
