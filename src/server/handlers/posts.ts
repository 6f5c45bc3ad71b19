import { listPosts } from '../domain/posts-list.js';
import { presentPost, presentPostMinimal } from '../present/post.js';
import { ok, type HandlerMap } from './types.js';

export const postHandlers: HandlerMap = {
  'posts.list': ({ portal, query, origin }) => {
    const page = listPosts(portal, query);
    const present = query.format === 'minimal' ? presentPostMinimal : presentPost;
    return ok({
      data: page.posts.map((p) => present(portal, p, origin)),
      hasMore: page.hasMore,
      total: page.total,
      skip: page.skip,
      limit: page.limit,
    });
  },
};
