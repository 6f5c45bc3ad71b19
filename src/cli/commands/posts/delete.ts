import { defineCommand } from '../../framework/define-command.js';
import { bulkFlags, bulkPostsRun, bulkQuestion, isBulk, keyArg, singleKey, type BulkPostOptions } from './bulk-run.js';

/** Deletes the post with its comments, references and votes (D-POST-DELETE): asked first, or --yes. */
export default defineCommand<BulkPostOptions>({
  name: 'delete',
  endpoint: 'posts.delete',
  args: [keyArg],
  flags: bulkFlags(false),
  examples: [
    'fp posts delete 3zah2 --yes',
    'fp posts delete 3zah2',
    'fp posts list --tag spam --json | fp posts delete - --yes --journal deleted.ndjson',
  ],
  help: `Many posts: KEY - reads post keys from stdin, or --where KEY=VALUE selects them with the filters of
\`fp posts list\`; asked once for the batch (--yes without a terminal). A deleted post cannot come back through
the API: --journal FILE keeps each post's last state, and \`fp posts undo\` reports it.`,
  async confirm(ctx) {
    if (isBulk(ctx.opts)) return bulkQuestion(ctx, { kind: 'delete' });
    const key = singleKey(ctx.opts, 'delete');
    const post = await ctx.once(
      'post',
      async () => (await (await ctx.client()).call('posts.get', { params: { key } })).data,
    );
    return `Delete post ${post.id} "${post.title}" with its ${post.comments_count} comments and ${post.votes_count} votes?`;
  },
  async run(ctx) {
    if (isBulk(ctx.opts)) return bulkPostsRun(ctx, { kind: 'delete' }, false);
    const res = await (await ctx.client()).call('posts.delete', { params: { key: singleKey(ctx.opts, 'delete') } });
    return { done: res.message, data: res };
  },
});
