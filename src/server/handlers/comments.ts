import { createComment, deleteComment, findCommentById, listComments, updateComment } from '../domain/comments.js';
import { noQueryResults } from '../domain/errors.js';
import { findPostByKey } from '../domain/posts-find.js';
import type { Portal } from '../store/portal.js';
import { presentComment } from '../present/comment.js';
import { ok, type HandlerMap } from './types.js';

export const commentHandlers: HandlerMap = {
  'comments.list': ({ portal, params, origin, key }) =>
    ok({ data: listComments(portal, params.key).map((c) => presentComment(portal, c, origin, key)) }),
  'comments.create': ({ portal, params, body, now, origin, key }) =>
    ok({ data: presentComment(portal, createComment(portal, params.key, body, now), origin, key) }),
  'comments.update': ({ portal, params, body, now, origin, key }) =>
    ok({ data: presentComment(portal, updateComment(portal, params.id, body, now), origin, key) }),
  'comments.delete': ({ portal, params, now }) => {
    deleteComment(portal, params.id, now);
    return ok({});
  },
  'comments.updateNested': ({ portal, params, body, now, origin, key }) => {
    commentOfPost(portal, params.key, params.id);
    return ok({ data: presentComment(portal, updateComment(portal, params.id, body, now), origin, key) });
  },
  'comments.deleteNested': ({ portal, params }) => {
    commentOfPost(portal, params.key, params.id);
    deleteComment(portal, params.id);
    return ok({});
  },
};

/** The nested route form names the post too: a comment of another post is not found. */
function commentOfPost(portal: Portal, postKey: string, commentId: string): void {
  const post = findPostByKey(portal, postKey);
  if (findCommentById(portal, commentId).post_key !== post.key) throw noQueryResults('Comment', commentId);
}
