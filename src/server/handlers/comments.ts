import { createComment, deleteComment, listComments, updateComment } from '../domain/comments.js';
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
};
