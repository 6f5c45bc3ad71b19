import type { AnonymousVoteRecord, PostRecord } from '../store/state.js';
import type { Portal } from '../store/portal.js';
import { RuleViolation } from './errors.js';
import { findPostByKey, tabOfPost } from './posts-find.js';
import { anonymousVoteEventData } from '../present/event-data.js';
import { emitPortalEvent } from './portal-events.js';

export const NOT_VOTEABLE = 'Item is not voteable.';
export const ALREADY_VOTED = 'Anonymous user has already voted for this item.';
export const NOT_VOTED_YET = 'Anonymous user has not voted yet.';

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

function voteablePost(portal: Portal, key: string): PostRecord {
  const post = findPostByKey(portal, key);
  if (!isVoteable(portal, post)) throw new RuleViolation(NOT_VOTEABLE);
  return post;
}

const findVote = (portal: Portal, post: PostRecord, anonymousId: string) => portal.votes.get(post.key, anonymousId);

/** One vote per anonymous id and post; the post's `votes_count` counts it. */
export function addAnonymousVote(portal: Portal, key: string, anonymousId: string, now: Date): AnonymousVoteRecord {
  const post = voteablePost(portal, key);
  if (findVote(portal, post, anonymousId)) throw new RuleViolation(ALREADY_VOTED);
  const vote: AnonymousVoteRecord = { post_key: post.key, anonymous_id: anonymousId, created_at: now.toISOString() };
  portal.votes.insert(vote);
  post.votes_count += 1;
  portal.posts.update(post.key, { votes_count: post.votes_count });
  emitPortalEvent(portal, 'vote.created', anonymousVoteEventData(portal, vote, post), now);
  return vote;
}

export function removeAnonymousVote(portal: Portal, key: string, anonymousId: string, now = new Date()): void {
  const post = voteablePost(portal, key);
  const vote = findVote(portal, post, anonymousId);
  if (!vote) throw new RuleViolation(NOT_VOTED_YET);
  portal.votes.delete(post.key, vote.anonymous_id);
  post.votes_count = Math.max(0, post.votes_count - 1);
  portal.posts.update(post.key, { votes_count: post.votes_count });
  emitPortalEvent(portal, 'vote.deleted', anonymousVoteEventData(portal, vote, post), now);
}
