import type { PostCreateBody, PostUpdateBody } from '../../contract/schemas/post.js';
import { slugify } from '../../seed-file/derived-fields.js';
import type { Portal } from '../store/portal.js';
import type { PostRecord, UserRecord } from '../../seed-file/seed-file.js';
import { RuleViolation, ValidationError } from './errors.js';
import { USER_BLOCKED } from './users.js';
import { newApprovedPost } from './new-post.js';
import { newPostKey } from './post-key.js';
import { changePostStatus, emitPostCreated, emitPostDeleted } from './posts-events.js';
import { findPostByKey } from './posts-find.js';

const INVALID = (field: string) => `The selected ${field.replace(/_/g, ' ')} is invalid.`;

/** The category and status sent must be this portal's; all problems come back in one 422. */
function checkReferences(
  portal: Portal,
  input: { category_id?: number | null; status_id?: number | null; user_id?: string | null },
): UserRecord | undefined {
  const errors: Record<string, string[]> = {};
  if (input.category_id != null && !portal.categories.get(input.category_id))
    errors.category_id = [INVALID('category_id')];
  if (input.status_id != null && !portal.statuses.get(input.status_id)) errors.status_id = [INVALID('status_id')];
  const author = input.user_id == null ? undefined : portal.users.getIgnoringCase(input.user_id);
  if (input.user_id != null && !author) errors.user_id = [INVALID('user_id')];
  else if (author && portal.users.isBlocked(author.id)) errors.user_id = [USER_BLOCKED];
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return author;
}

/** The board of a new post: its status's, else the portal's first board, else none. */
function boardOf(portal: Portal, statusId: number | null): number | null {
  const status = statusId === null ? undefined : portal.statuses.get(statusId);
  return status?.tab_id ?? portal.tabs.list().find((t) => t.type === 'board')?.id ?? null;
}

/**
 * A post filed through the API. The key acts for the portal's team, whose posts skip
 * moderation: it starts approved. Its author is `user_id`, else the first administrator.
 */
export function createPost(portal: Portal, input: PostCreateBody, now: Date): PostRecord {
  const author = checkReferences(portal, input) ?? portal.users.first('admin') ?? portal.users.first();
  if (!author) throw new RuleViolation('The portal has no user to author the post.');
  const at = now.toISOString();
  const statusId = input.status_id ?? null;
  const databaseId = portal.posts.nextId();
  const post = newApprovedPost(
    {
      key: newPostKey((key) => portal.kb.postsWithKey(key).length > 0),
      database_id: databaseId,
      title: input.title,
      description: input.description ?? '',
      author_id: author.id,
      tab_id: boardOf(portal, statusId),
      section_id: null,
      status_id: statusId,
      category_ids: input.category_id == null ? [] : [input.category_id],
      slug: slugify(input.title),
      sort_order: portal.posts.highestSortOrder() + 1,
    },
    at,
  );
  portal.posts.insert(post);
  emitPostCreated(portal, post, now);
  return post;
}

/** Only the fields sent change; `updated_at` moves only when one really did. A new status goes through changePostStatus. */
export function updatePost(portal: Portal, key: string, input: PostUpdateBody, now: Date): PostRecord {
  const post = findPostByKey(portal, key);
  checkReferences(portal, input);
  const patch: Partial<PostRecord> = {};
  if (input.title !== undefined && input.title !== post.title) patch.title = input.title;
  const description = input.description === undefined ? undefined : (input.description ?? '');
  if (description !== undefined && description !== post.description) patch.description = description;
  if (input.category_id !== undefined) {
    const ids = input.category_id === null ? [] : [input.category_id];
    if (JSON.stringify(ids) !== JSON.stringify(post.category_ids)) patch.category_ids = ids;
  }
  if (Object.keys(patch).length > 0) {
    Object.assign(post, patch, { updated_at: now.toISOString() });
    portal.posts.update(post.key, { ...patch, updated_at: post.updated_at });
  }
  // After the other fields, so the event describes the post as it now is.
  if (input.status_id !== undefined) changePostStatus(portal, post, input.status_id, now);
  return post;
}

/** A post goes with its comments, references and votes. */
export function deletePost(portal: Portal, key: string, now: Date): void {
  const post = findPostByKey(portal, key);
  emitPostDeleted(portal, post, now);
  portal.posts.delete([post.key]);
}
