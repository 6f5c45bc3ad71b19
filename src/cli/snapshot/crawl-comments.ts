import { ApiError } from '../../client/api-client.js';
import type { Comment } from '../../contract/schemas/comment.js';
import { has, type CrawlContext, type StepKit } from './crawl-state.js';
import { PART, type CommentSeed, type ModeratedCommentLine, type PostLine } from './records.js';

/** The comments of every post in the snapshot that has (or may have) any, one list per post. */
export async function readComments(ctx: CrawlContext, kit: StepKit): Promise<void> {
  const s = ctx.journal.state;
  if (!has(s, 'comments') || s.comments.done) return;
  ctx.progress.step('comments');
  await crawlComments(ctx, kit.checkpoint, kit.tick);
  s.comments.done = true;
  kit.checkpoint(true);
}

async function crawlComments(
  ctx: CrawlContext,
  checkpoint: (force?: boolean) => void,
  tick: (n?: number, remaining?: number) => void,
): Promise<void> {
  const s = ctx.journal.state;
  const moderated = new Map<number, ModeratedCommentLine>();
  const queued = new Set<string>();
  for await (const { record } of ctx.journal.read<ModeratedCommentLine>(PART.moderatedComments)) {
    moderated.set(record.id, record);
    queued.add(record.post_key);
  }
  const wanted = (line: PostLine) =>
    line.comments_count === null || line.comments_count > 0 || queued.has(line.post.key);

  let remaining = 0;
  for await (const { record } of ctx.journal.read<PostLine>(PART.posts, s.comments.offset))
    if (wanted(record)) remaining++;

  for await (const { record, end } of ctx.journal.read<PostLine>(PART.posts, s.comments.offset)) {
    if (wanted(record)) {
      let comments: Comment[] = [];
      try {
        comments = (await ctx.client.call('comments.list', { params: { key: record.post.key } })).data;
      } catch (err) {
        // Deleted while the crawl ran: its comments went with it.
        if (!(err instanceof ApiError && err.status === 404)) throw err;
        s.comments.skipped_posts++;
      }
      for (const c of comments) {
        if (c.id === null) continue;
        ctx.users.see(c.author);
        const mod = moderated.get(c.id);
        const seed: CommentSeed = {
          id: c.id,
          post_key: record.post.key,
          user_id: c.author.id,
          comment: c.comment,
          parent_id: c.parent_id,
          moderation_status: c.moderation_status ?? 'approved',
          pinned_to_top: c.pinned_to_top,
          tagged_for_changelog: c.tagged_for_changelog,
          votes_count: c.votes_count,
          ...(c.created_at ? { created_at: c.created_at } : {}),
          ...(c.updated_at ? { updated_at: c.updated_at } : {}),
          ...(mod ? { moderated_by: mod.moderated_by, moderated_at: mod.moderated_at } : {}),
        };
        ctx.journal.append(PART.comments, seed);
        s.comments.written++;
      }
      s.comments.posts_read++;
      remaining--;
      tick(comments.length, remaining);
    }
    s.comments.offset = end;
    checkpoint();
  }

  const inSnapshot = new Set<string>();
  for await (const { record } of ctx.journal.read<PostLine>(PART.posts)) inSnapshot.add(record.post.key);
  s.comments_outside = [...moderated.values()].filter((m) => !inSnapshot.has(m.post_key)).length;
}
