import type { Portal } from '../store/portal.js';
import type { PostRecord, UserRecord, UserVoteRecord } from '../../seed-file/seed-file.js';
import { RuleViolation } from './errors.js';
import { emitPortalEvent } from './portal-events.js';
import { findPostByKey } from './posts-find.js';
import { assertNotBlocked, findUserByRef } from './users.js';
import { isVoteable, NOT_VOTEABLE } from './votes.js';

const USER_ALREADY_VOTED = 'User has already voted for this item.';
const USER_NOT_VOTED_YET = 'User has not voted yet.';

/** The users' votes on a post, oldest first. */
export function listUserVotes(portal: Portal, key: string): UserVoteRecord[] {
  return portal.userVotes.ofPost(findPostByKey(portal, key).key);
}

/** Both models of the path first (404 each), as route model binding finds them; then the voting rules. */
function voteTarget(portal: Portal, key: string, userRef: string): { post: PostRecord; user: UserRecord } {
  const post = findPostByKey(portal, key);
  const user = findUserByRef(portal, userRef);
  if (!isVoteable(portal, post)) throw new RuleViolation(NOT_VOTEABLE);
  return { post, user };
}

/** One vote per user and post, on the posts anonymous users may vote for; the post's `votes_count` counts it. */
export function addUserVote(portal: Portal, key: string, userRef: string, now: Date): UserVoteRecord {
  const { post, user } = voteTarget(portal, key, userRef);
  assertNotBlocked(portal, user);
  if (portal.userVotes.get(post.key, user.id)) throw new RuleViolation(USER_ALREADY_VOTED);
  const vote: UserVoteRecord = {
    id: portal.userVotes.nextId(),
    post_key: post.key,
    user_id: user.id,
    created_at: now.toISOString(),
  };
  portal.userVotes.insert(vote);
  post.votes_count += 1;
  portal.posts.update(post.key, { votes_count: post.votes_count });
  emitPortalEvent(portal, 'vote.created', { kind: 'user-vote', vote, voter: user, post }, now);
  return vote;
}

export function removeUserVote(portal: Portal, key: string, userRef: string, now: Date): void {
  const { post, user } = voteTarget(portal, key, userRef);
  const vote = portal.userVotes.get(post.key, user.id);
  if (!vote) throw new RuleViolation(USER_NOT_VOTED_YET);
  portal.userVotes.delete(post.key, user.id);
  post.votes_count = Math.max(0, post.votes_count - 1);
  portal.posts.update(post.key, { votes_count: post.votes_count });
  emitPortalEvent(portal, 'vote.deleted', { kind: 'user-vote', vote, voter: user, post }, now);
}
