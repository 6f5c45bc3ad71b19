import { MODERATION_PAGE_SIZE, moderationSchemas } from '../../contract/schemas/moderation.js';
import { NotFoundError } from '../domain/errors.js';
import { moderate, pendingQueue, rejectedPage, type ModerationAction } from '../domain/moderation.js';
import { presentModerationComment, presentModerationPost, presentModerationTarget } from '../present/moderation.js';
import { ok, type Handler, type HandlerMap } from './types.js';

const DONE = { approve: 'approved', reject: 'rejected' } as const;
const MODEL = { post: 'Post', comment: 'Comment' } as const;

/** `type` other than post/comment does not match the service's route: its route-not-found 404. */
function moderationHandler(action: ModerationAction): Handler<'moderation.approve' | 'moderation.reject'> {
  return ({ portal, params, req, now, origin }) => {
    const type = moderationSchemas().ModerationTypeSchema.safeParse(params.type);
    if (!type.success) {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname.replace(/^\//, '');
      throw new NotFoundError(`The route ${path} could not be found.`);
    }
    const target = moderate(portal, action, type.data, params.identifier, now);
    return ok({
      message: `${MODEL[type.data]} ${DONE[action]} successfully`,
      data: presentModerationTarget(portal, target, origin),
    });
  };
}

export const moderationHandlers: HandlerMap = {
  'moderation.pending': ({ portal, query, origin }) => {
    const page = pendingQueue(portal, query);
    return ok({
      data: {
        posts: page.posts.map((p) => presentModerationPost(portal, p, origin)),
        comments: page.comments.map((c) => presentModerationComment(portal, c, origin)),
      },
      meta: {
        per_page: MODERATION_PAGE_SIZE,
        has_more_posts: page.hasMorePosts,
        has_more_comments: page.hasMoreComments,
        // The cursor to send next: the last id shown, or the one sent when this page is empty.
        last_post_id: page.posts.at(-1)?.database_id ?? query.last_post_id ?? null,
        last_comment_id: page.comments.at(-1)?.id ?? query.last_comment_id ?? null,
      },
    });
  },
  'moderation.rejected': ({ portal, query, origin }) => {
    const current = query.page ?? 1;
    const page = rejectedPage(portal, current);
    return ok({
      data: {
        posts: page.posts.map((p) => presentModerationPost(portal, p, origin)),
        comments: page.comments.map((c) => presentModerationComment(portal, c, origin)),
      },
      meta: {
        current_page: current,
        per_page: MODERATION_PAGE_SIZE,
        has_more_posts: page.hasMorePosts,
        has_more_comments: page.hasMoreComments,
      },
    });
  },
  'moderation.approve': moderationHandler('approve'),
  'moderation.reject': moderationHandler('reject'),
};
