import { listPosts } from '../domain/posts-list.js';
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
};
