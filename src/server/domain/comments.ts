import type { CommentCreateBody, CommentUpdateBody } from '../../contract/schemas/comment.js';
import type { CommentRecord, PostRecord, UserRecord } from '../../seed-file/seed-file.js';
import type { Portal } from '../store/portal.js';
import { noQueryResults, ValidationError } from './errors.js';
import { USER_BLOCKED } from './users.js';
import { recordEvent, recordMail, type MailPayload } from './events.js';
import { findPostByKey } from './posts-find.js';
import { emitPortalEvent } from './portal-events.js';

const INVALID_USER = 'The selected user id is invalid.';
const INVALID_PARENT = 'The selected parent id is invalid.';

/** A comment by its numeric id; anything else (unknown, non-numeric) is the service's 404. */
export function findCommentById(portal: Portal, rawId: string | number): CommentRecord {
  const id = typeof rawId === 'number' ? rawId : /^\d+$/.test(rawId) ? Number(rawId) : NaN;
  const comment = Number.isSafeInteger(id) ? portal.comments.get(id) : undefined;
  if (!comment) throw noQueryResults('Comment', rawId);
  return comment;
}

/**
 * Every comment of the post, whatever its moderation status (the API key is the
 * portal's administrator): pinned ones first, then oldest first, ties by id;
 * replies sit in the same flat list.
 */
export function listComments(portal: Portal, postKey: string): CommentRecord[] {
  const post = findPostByKey(portal, postKey);
  return portal.comments.ofPost(post.key);
}

/**
 * A custom creation time for imports. Without a zone it is UTC (`2026-01-02 10:00:00`
 * is 10:00 UTC); a date alone is midnight UTC; an explicit offset is honoured.
 */
function parseCustomTime(value: string): string {
  let s = value.trim().replace(' ', 'T');
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) s += 'T00:00:00';
  s = s.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  if (!/(?:Z|[+-]\d{2}:\d{2})$/i.test(s)) s += 'Z';
  return new Date(s).toISOString();
}

/** The new field name wins over its older alias when both are sent. */
const flag = (value: boolean | null | undefined, alias: boolean | null | undefined): boolean | undefined =>
  value ?? alias ?? undefined;

function userOf(portal: Portal, id: string): UserRecord | undefined {
  return portal.users.get(id);
}

/** A parent must be a comment of the same post, and never the comment itself or one of its replies. */
function parentProblem(portal: Portal, post: PostRecord, parentId: number, self?: CommentRecord): boolean {
  const parent = portal.comments.get(parentId);
  if (!parent || parent.post_key !== post.key) return true;
  if (!self) return false;
  const seen = new Set<number>();
  for (let at: CommentRecord | undefined = parent; at && !seen.has(at.id); ) {
    if (at.id === self.id) return true;
    seen.add(at.id);
    const up: number | null = at.parent_id;
    at = up === null ? undefined : portal.comments.get(up);
  }
  return false;
}

/** At most one comment per post carries the changelog tag: tagging one untags the others. */
function tagForChangelog(portal: Portal, comment: CommentRecord): void {
  portal.comments.untagChangelogExcept(comment.post_key, comment.id);
  comment.tagged_for_changelog = true;
  portal.comments.update(comment.id, { tagged_for_changelog: true });
}

function initialModerationStatus(portal: Portal): CommentRecord['moderation_status'] {
  return portal.moderate_comments ? 'pending' : 'approved';
}

export function createComment(portal: Portal, postKey: string, input: CommentCreateBody, now: Date): CommentRecord {
  const post = findPostByKey(portal, postKey);
  const errors: Record<string, string[]> = {};
  const author = userOf(portal, input.user_id);
  if (!author) errors.user_id = [INVALID_USER];
  else if (portal.users.isBlocked(author.id)) errors.user_id = [USER_BLOCKED];
  const parentId = input.parent_id ?? null;
  if (parentId !== null && parentProblem(portal, post, parentId)) errors.parent_id = [INVALID_PARENT];
  if (Object.keys(errors).length) throw new ValidationError(errors);

  const created = input.created_at ? parseCustomTime(input.created_at) : now.toISOString();
  const comment: CommentRecord = {
    id: portal.comments.nextId(),
    post_key: post.key,
    user_id: input.user_id,
    comment: input.comment,
    parent_id: parentId,
    moderation_status: initialModerationStatus(portal),
    pinned_to_top: flag(input.pinned_to_top, input.pin_to_top) ?? false,
    tagged_for_changelog: false,
    votes_count: 0,
    created_at: created,
    updated_at: created,
    moderated_by: null,
    moderated_at: null,
  };
  portal.comments.insert(comment);
  if (flag(input.tagged_for_changelog, input.use_for_changelog)) tagForChangelog(portal, comment);
  if (!input.silent) announceComment(portal, post, comment, now);
  if (comment.moderation_status === 'approved' && !input.silent) emitCommentCreated(portal, comment, now);
  // A pending comment announces itself when approved, unless it was silent.
  if (comment.moderation_status === 'pending' && input.silent) portal.silenced.add('comment', comment.id);
  return comment;
}

/** comment.created, when a comment becomes visible: at creation, or when a pending one is approved. */
export function emitCommentCreated(portal: Portal, comment: CommentRecord, now: Date): void {
  const post = findPostByKey(portal, comment.post_key);
  emitPortalEvent(portal, 'comment.created', { kind: 'comment', comment, post, by: comment.user_id }, now);
}

/** `silent` is not part of an update; whatever is sent for it is ignored. */
export function updateComment(portal: Portal, rawId: string, input: CommentUpdateBody, now: Date): CommentRecord {
  const comment = findCommentById(portal, rawId);
  const post = findPostByKey(portal, comment.post_key);
  if (
    input.parent_id !== undefined &&
    input.parent_id !== null &&
    parentProblem(portal, post, input.parent_id, comment)
  ) {
    throw ValidationError.field('parent_id', INVALID_PARENT);
  }
  comment.comment = input.comment;
  if (input.parent_id !== undefined) comment.parent_id = input.parent_id;
  const pinned = flag(input.pinned_to_top, input.pin_to_top);
  if (pinned !== undefined) comment.pinned_to_top = pinned;
  const tagged = flag(input.tagged_for_changelog, input.use_for_changelog);
  if (tagged === true) tagForChangelog(portal, comment);
  else if (tagged === false) comment.tagged_for_changelog = false;
  if (input.created_at) comment.created_at = parseCustomTime(input.created_at);
  comment.updated_at = now.toISOString();
  const { id, ...fields } = comment;
  portal.comments.update(id, fields);
  return comment;
}

/**
 * Deletes the comment and its direct replies, one level only. A reply to a deleted
 * reply survives and becomes a top-level comment (its parent_id becomes null).
 * Returns the ids deleted.
 */
export function deleteComment(portal: Portal, rawId: string, now = new Date()): number[] {
  const comment = findCommentById(portal, rawId);
  const deleted = [comment.id, ...portal.comments.replyIds(comment.id)];
  announceDeletions(portal, deleted, now);
  portal.comments.delete(deleted);
  return deleted;
}

/**
 * comment.deleted for each deleted comment that was visible (approved), described as
 * it was; the acting user is the key's owner, the portal's first admin.
 */
function announceDeletions(portal: Portal, ids: number[], now: Date): void {
  const actor = portal.users.first('admin');
  for (const id of ids) {
    const comment = portal.comments.get(id);
    portal.silenced.take('comment', id);
    if (!comment || comment.moderation_status !== 'approved') continue;
    const post = findPostByKey(portal, comment.post_key);
    emitPortalEvent(portal, 'comment.deleted', { kind: 'comment', comment, post, by: actor }, now);
  }
}

/**
 * Who is told about a new comment: the post's author and, for a reply, the parent
 * comment's author; never the commenter, nobody twice (the first mail wins), nobody without an address.
 */
function commentNotifications(portal: Portal, post: PostRecord, comment: CommentRecord): MailPayload[] {
  const candidates: { user: UserRecord | undefined; subject: string; template: string }[] = [
    { user: userOf(portal, post.author_id), subject: `New comment on "${post.title}"`, template: 'new_comment' },
  ];
  const parent = comment.parent_id === null ? undefined : portal.comments.get(comment.parent_id);
  if (parent) {
    candidates.push({
      user: userOf(portal, parent.user_id),
      subject: `New reply to your comment on "${post.title}"`,
      template: 'new_reply',
    });
  }
  const told = new Set<string>([comment.user_id]);
  const mails: MailPayload[] = [];
  for (const { user, subject, template } of candidates) {
    if (!user || !user.email || told.has(user.id)) continue;
    told.add(user.id);
    mails.push({ to: user.email, subject, template });
  }
  return mails;
}

function announceComment(portal: Portal, post: PostRecord, comment: CommentRecord, now: Date): void {
  recordEvent(portal, 'CommentCreated', { comment_id: comment.id, post_key: post.key, user_id: comment.user_id }, now);
  for (const mail of commentNotifications(portal, post, comment)) recordMail(portal, mail, now);
}
