import { findPostByKey } from '../domain/posts-find.js';
import { listPosts } from '../domain/posts-list.js';
import { togglePublish } from '../domain/posts-publish.js';
import { createPost, deletePost, updatePost } from '../domain/posts-write.js';
import { presentPost, presentPostMinimal } from '../present/post.js';
import { userCounters } from '../present/user.js';
import { ok, type HandlerMap } from './types.js';

export const postHandlers: HandlerMap = {
  'posts.list': ({ portal, query, origin }) => {
    const page = listPosts(portal, query);
    const counters = userCounters(portal);
    return ok({
      data: page.posts.map((p) =>
        query.format === 'minimal' ? presentPostMinimal(portal, p, origin) : presentPost(portal, p, origin, counters),
      ),
      hasMore: page.hasMore,
      total: page.total,
      skip: page.skip,
      limit: page.limit,
    });
  },
  'posts.get': ({ portal, params, origin }) =>
    ok({ data: presentPost(portal, findPostByKey(portal, params.key), origin) }),
  'posts.create': ({ portal, body, now, origin }) =>
    ok({ data: presentPost(portal, createPost(portal, body, now), origin) }),
  'posts.update': ({ portal, params, body, now, origin }) =>
    ok({ data: presentPost(portal, updatePost(portal, params.key, body, now), origin) }),
  'posts.delete': ({ portal, params, now }) => {
    deletePost(portal, params.key, now);
    return ok({ message: 'Post deleted successfully' });
  },
  'posts.togglePublish': ({ portal, params, now }) => ok({ data: togglePublish(portal, params.key, now) }),
};
