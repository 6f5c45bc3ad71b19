import type { z } from 'zod';
import type { PostListQuerySchema } from '../contract/schemas/post.js';
import type { ModerationItem } from '../contract/schemas/moderation.js';
import type { ApiClient, CallResult } from './api-client.js';

type PostItem = CallResult<'posts.list'>['data'][number];

/** Every post matching the query, page by page (`skip`/`limit` while `hasMore`). */
export async function* allPosts(
  client: ApiClient,
  query: z.input<typeof PostListQuerySchema> = {},
  pageSize = 100,
): AsyncGenerator<PostItem> {
  let skip = Number(query.skip ?? 0);
  const limit = Number(query.limit ?? pageSize);
  for (;;) {
    const page = await client.call('posts.list', { query: { ...query, skip, limit } });
    yield* page.data;
    if (!page.hasMore || page.data.length === 0) return;
    skip += page.data.length;
  }
}

/**
 * The pending queue, newest first, following the two cursors. A collection that
 * is exhausted is held at cursor 0 (nothing has a smaller id) while the other goes on.
 */
export async function* allPending(client: ApiClient): AsyncGenerator<ModerationItem> {
  let lastPost: number | undefined;
  let lastComment: number | undefined;
  let postsDone = false;
  let commentsDone = false;
  while (!postsDone || !commentsDone) {
    const page: CallResult<'moderation.pending'> = await client.call('moderation.pending', {
      query: { last_post_id: postsDone ? 0 : lastPost, last_comment_id: commentsDone ? 0 : lastComment },
    });
    if (!postsDone) {
      yield* page.data.posts;
      if (page.data.posts.length) lastPost = Math.min(...page.data.posts.map((p) => p.database_id));
      postsDone = !page.meta.has_more_posts || page.data.posts.length === 0;
    }
    if (!commentsDone) {
      yield* page.data.comments;
      if (page.data.comments.length) lastComment = Math.min(...page.data.comments.map((c) => c.id));
      commentsDone = !page.meta.has_more_comments || page.data.comments.length === 0;
    }
  }
}

/** Every rejected item, page by page. */
export async function* allRejected(client: ApiClient): AsyncGenerator<ModerationItem> {
  for (let page = 1; ; page++) {
    const res: CallResult<'moderation.rejected'> = await client.call('moderation.rejected', { query: { page } });
    yield* res.data.posts;
    yield* res.data.comments;
    if ((!res.meta.has_more_posts && !res.meta.has_more_comments) || (res.data.posts.length === 0 && res.data.comments.length === 0)) return;
  }
}
