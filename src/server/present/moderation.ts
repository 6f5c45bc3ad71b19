import type { ModerationComment, ModerationPost } from '../../contract/schemas/moderation.js';
import type { ModerationTarget } from '../domain/moderation.js';
import { shortText } from '../domain/posts-text.js';
import type { CommentRecord, PostRecord } from '../../seed-file/seed-file.js';
import type { Portal } from '../store/portal.js';
import { commentUrl } from './comment.js';
import { postUrl } from './post.js';
import { findUser, isoMicros, presentAuthor } from './user.js';

const EXCERPT_LENGTH = 100;

const excerpt = (portal: Portal, body: string) => shortText(body, portal.editor_type, EXCERPT_LENGTH);

export function presentModerationPost(portal: Portal, post: PostRecord, origin: string): ModerationPost {
  return {
    type: 'post',
    id: post.key,
    database_id: post.database_id,
    title: post.title,
    excerpt: excerpt(portal, post.description),
    author: presentAuthor(portal, findUser(portal, post.author_id), origin),
    moderation_status: post.moderation_status,
    created_at: isoMicros(post.created_at),
    url: postUrl(origin, post),
    moderated_by: post.moderated_by,
    moderated_at: post.moderated_at === null ? null : isoMicros(post.moderated_at),
  };
}

export function presentModerationComment(portal: Portal, comment: CommentRecord, origin: string): ModerationComment {
  const post = portal.posts.get(comment.post_key) ?? ({ key: comment.post_key, title: '' } as PostRecord);
  return {
    type: 'comment',
    id: comment.id,
    comment: comment.comment,
    excerpt: excerpt(portal, comment.comment),
    author: presentAuthor(portal, findUser(portal, comment.user_id), origin),
    post: { id: post.key, title: post.title },
    parent_id: comment.parent_id,
    moderation_status: comment.moderation_status,
    created_at: isoMicros(comment.created_at),
    url: commentUrl(origin, post, comment.id),
    moderated_by: comment.moderated_by,
    moderated_at: comment.moderated_at === null ? null : isoMicros(comment.moderated_at),
  };
}

export function presentModerationTarget(
  portal: Portal,
  target: ModerationTarget,
  origin: string,
): ModerationPost | ModerationComment {
  return target.type === 'post'
    ? presentModerationPost(portal, target.post, origin)
    : presentModerationComment(portal, target.comment, origin);
}
