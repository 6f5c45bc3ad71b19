import type { ApiKeyRecord, CommentRecord, PostRecord, UserRecord } from '../../seed-file/seed-file.js';
import type { EventSubject } from '../domain/portal-events.js';
import type { Portal } from '../store/portal.js';
import { presentComment } from './comment.js';
import { presentPost } from './post.js';
import { findUser, isoMicros, presentPostAuthor } from './user.js';

/**
 * The `data` of a webhook envelope: the subject as the API shows it, the post it
 * belongs to, the acting user and the portal (D-WEBHOOK-DATA). Built in the
 * transaction of the change, so a deleted item is described as it was.
 */

/** Links point at the portal's own name, not at the address a request came in by (D-WEBHOOK-DATA). */
const portalOrigin = (portal: Portal): string => `http://${portal.hosts[0] ?? 'localhost'}`;

/** Comments are shown as the comments list shows them to the portal's administrator. */
const ADMIN_VIEW: ApiKeyRecord = { token: '', read_only: false, expires_at: null };

function portalOf(portal: Portal): { guid: string; title: string } {
  return { guid: portal.guid, title: portal.title };
}

function userData(portal: Portal, user: UserRecord | undefined): Record<string, unknown> | null {
  return user ? presentPostAuthor(portal, user) : null;
}

function postData(portal: Portal, post: PostRecord): Record<string, unknown> {
  return presentPost(portal, post, portalOrigin(portal));
}

function commentEventData(
  portal: Portal,
  comment: CommentRecord,
  post: PostRecord,
  actor: UserRecord | undefined,
): Record<string, unknown> {
  return {
    comment: presentComment(portal, comment, portalOrigin(portal), ADMIN_VIEW),
    post: postData(portal, post),
    user: userData(portal, actor),
  };
}

function postEventData(
  portal: Portal,
  post: PostRecord,
  actor: UserRecord | undefined,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { post: postData(portal, post), ...extra, user: userData(portal, actor) };
}

/**
 * A vote as `{id, created_at, voter}`. An anonymous vote has no id and no voter
 * account (the API answers `voter: null`); its anonymous id pairs a vote.created
 * with its vote.deleted (D-WEBHOOK-ANONYMOUS-VOTE). A vote on a comment carries the
 * comment too, beside the post it belongs to (D-WEBHOOK-COMMENT-VOTE).
 */
function anonymousVoteEventData(
  portal: Portal,
  vote: { anonymous_id: string; created_at: string },
  post: PostRecord,
  comment?: CommentRecord,
): Record<string, unknown> {
  return {
    vote: { id: null, created_at: isoMicros(vote.created_at), voter: null, anonymous_id: vote.anonymous_id },
    ...(comment && { comment: presentComment(portal, comment, portalOrigin(portal), ADMIN_VIEW) }),
    post: postData(portal, post),
    user: null,
  };
}

/** A named user's vote as `{id, created_at, voter}`; the voter is the acting user. */
function userVoteEventData(
  portal: Portal,
  vote: { id: number; created_at: string },
  voter: UserRecord,
  post: PostRecord,
): Record<string, unknown> {
  return {
    vote: { id: vote.id, created_at: isoMicros(vote.created_at), voter: userData(portal, voter) },
    post: postData(portal, post),
    user: userData(portal, voter),
  };
}

/** The author of an item, as the acting user of its `*.created` event. */
const authorOf = (portal: Portal, userId: string): UserRecord => findUser(portal, userId);

/** An envelope's `data`: the subject as the API shows it, then the portal (D-WEBHOOK-DATA). */
export function describeEvent(portal: Portal, subject: EventSubject): Record<string, unknown> {
  return { ...subjectData(portal, subject), portal: portalOf(portal) };
}

function subjectData(portal: Portal, subject: EventSubject): Record<string, unknown> {
  const actor = (by: UserRecord | string | undefined) => (typeof by === 'string' ? authorOf(portal, by) : by);
  switch (subject.kind) {
    case 'post':
      return postEventData(portal, subject.post, actor(subject.by), subject.changes);
    case 'comment':
      return commentEventData(portal, subject.comment, subject.post, actor(subject.by));
    case 'anonymous-vote':
      return anonymousVoteEventData(portal, subject.vote, subject.post, subject.comment);
    case 'user-vote':
      return userVoteEventData(portal, subject.vote, subject.voter, subject.post);
  }
}
