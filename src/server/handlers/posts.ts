import { findPostByKey } from '../domain/posts-find.js';
import { findDuplicates } from '../domain/posts-duplicates.js';
import { listPosts, listTabPosts } from '../domain/posts-list.js';
import { searchPosts } from '../domain/posts-search.js';
import { togglePublish } from '../domain/posts-publish.js';
import { createPost, deletePost, updatePost } from '../domain/posts-write.js';
import { presentPost, presentPostMinimal, presentPostStatus } from '../present/post.js';
import { userCounters } from '../present/user.js';
import { ok, paged, type HandlerMap } from './types.js';

export const postHandlers: HandlerMap = {
  'posts.list': ({ portal, query, origin }) => {
    const page = listPosts(portal, query);
    const counters = userCounters(portal);
    return paged(
      page.posts.map((p) =>
        query.format === 'minimal' ? presentPostMinimal(portal, p, origin) : presentPost(portal, p, origin, counters),
      ),
      page,
    );
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
  'posts.listForTab': ({ portal, query, origin }) => {
    const page = listTabPosts(portal, query);
    const counters = userCounters(portal);
    return paged(
      page.posts.map((p) => presentPost(portal, p, origin, counters)),
      page,
    );
  },
  'posts.search': ({ portal, query, origin }) => {
    const counters = userCounters(portal);
    return ok({ data: searchPosts(portal, query).map((p) => presentPost(portal, p, origin, counters)) });
  },
  'posts.duplicates': ({ portal, query, origin }) => {
    const found = findDuplicates(portal, query);
    const posts = found.map(({ post, score }) => ({
      ...presentPostMinimal(portal, post, origin),
      status: presentPostStatus(portal, post),
      score,
    }));
    return ok({ data: { count: posts.length, posts } });
  },
};
