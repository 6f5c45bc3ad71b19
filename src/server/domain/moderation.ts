import { MODERATION_PAGE_SIZE, type ModerationType } from '../../contract/schemas/moderation.js';
import type { CommentRecord, PostRecord } from '../../seed-file/seed-file.js';
import type { Portal } from '../store/portal.js';
import { emitCommentCreated, findCommentById } from './comments.js';
import { emitPostCreated } from './posts-events.js';
import { RuleViolation } from './errors.js';
import { dispatchPostApprovalJobs } from './events.js';
import { findPostByKey } from './posts-find.js';

export type ModerationAction = 'approve' | 'reject';

export type ModerationTarget = { type: 'post'; post: PostRecord } | { type: 'comment'; comment: CommentRecord };

export interface QueuePage {
  posts: PostRecord[];
  comments: CommentRecord[];
  hasMorePosts: boolean;
  hasMoreComments: boolean;
}

/**
 * Queues are ordered by id, highest first: ids grow with creation, so this is newest
 * first, and it is the only order an id cursor can page through without gaps or repeats.
 * One item past the page is read to tell whether there are more.
 */
function page(posts: PostRecord[], comments: CommentRecord[], pageSize: number): QueuePage {
  return {
    posts: posts.slice(0, pageSize),
    comments: comments.slice(0, pageSize),
    hasMorePosts: posts.length > pageSize,
    hasMoreComments: comments.length > pageSize,
  };
}

/** One page of each pending collection; a cursor keeps only items with a smaller id. */
export function pendingQueue(
  portal: Portal,
  cursor: { last_post_id?: number; last_comment_id?: number },
  pageSize = MODERATION_PAGE_SIZE,
): QueuePage {
  return page(
    portal.posts.byModeration('pending', cursor.last_post_id, pageSize + 1),
    portal.comments.byModeration('pending', cursor.last_comment_id, pageSize + 1),
    pageSize,
  );
}

/** Page `page` (from 1) of each rejected collection, newest first. */
export function rejectedPage(portal: Portal, pageNumber: number, pageSize = MODERATION_PAGE_SIZE): QueuePage {
  const from = (pageNumber - 1) * pageSize;
  return page(
    portal.posts.byModeration('rejected', undefined, pageSize + 1, from),
    portal.comments.byModeration('rejected', undefined, pageSize + 1, from),
    pageSize,
  );
}

/** Recorded as the moderator: the portal's first admin user (the API key has no user of its own), or null. */
function moderatorId(portal: Portal): string | null {
  return portal.users.first('admin')?.id ?? null;
}

function findModerationTarget(portal: Portal, type: ModerationType, identifier: string): ModerationTarget {
  return type === 'post'
    ? { type, post: findPostByKey(portal, identifier) }
    : { type, comment: findCommentById(portal, identifier) };
}

const NEXT_STATUS = { approve: 'approved', reject: 'rejected' } as const;

/**
 * Approve or reject a pending item. Only `pending` moves; any other state is refused
 * with the current state named ("The post is already approved.") and the item unchanged.
 * Approving a post starts the translation, auto-tagging and auto-reply jobs again.
 */
export function moderate(
  portal: Portal,
  action: ModerationAction,
  type: ModerationType,
  identifier: string,
  now: Date,
): ModerationTarget {
  const target = findModerationTarget(portal, type, identifier);
  const item = target.type === 'post' ? target.post : target.comment;
  if (item.moderation_status !== 'pending')
    throw new RuleViolation(`The ${type} is already ${item.moderation_status}.`);
  const at = now.toISOString();
  item.moderation_status = NEXT_STATUS[action];
  item.moderated_by = moderatorId(portal);
  item.moderated_at = at;
  item.updated_at = at;
  const change = {
    moderation_status: item.moderation_status,
    moderated_by: item.moderated_by,
    moderated_at: at,
    updated_at: at,
  };
  if (target.type === 'post') portal.posts.update(target.post.key, change);
  else portal.comments.update(target.comment.id, change);
  if (target.type === 'post' && action === 'approve') dispatchPostApprovalJobs(portal, target.post.key, now);
  announceApproval(portal, action, target, now);
  return target;
}

/** An approved item becomes visible: its `*.created` event is emitted then, unless it was created silent. */
function announceApproval(portal: Portal, action: ModerationAction, target: ModerationTarget, now: Date): void {
  const silenced =
    target.type === 'post'
      ? portal.silenced.take('post', target.post.key)
      : portal.silenced.take('comment', target.comment.id);
  if (action !== 'approve' || silenced) return;
  if (target.type === 'post') emitPostCreated(portal, target.post, now);
  else emitCommentCreated(portal, target.comment, now);
}
