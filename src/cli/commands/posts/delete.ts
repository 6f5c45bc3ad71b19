import { defineCommand } from '../../framework/define-command.js';

/** Deletes the post with its comments, references and votes (D-POST-DELETE): asked first, or --yes. */
export default defineCommand<{ key: string }>({
  name: 'delete',
  endpoint: 'posts.delete',
  args: [{ name: 'key', description: 'post key', field: 'key', complete: 'posts' }],
  examples: ['fp posts delete 3zah2 --yes', 'fp posts delete 3zah2'],
  async confirm(ctx) {
    const post = await ctx.once(
      'post',
      async () => (await (await ctx.client()).call('posts.get', { params: { key: ctx.opts.key } })).data,
    );
    return `Delete post ${post.id} "${post.title}" with its ${post.comments_count} comments and ${post.votes_count} votes?`;
  },
  async run({ opts, client }) {
    const res = await (await client()).call('posts.delete', { params: { key: opts.key } });
    return { done: res.message, data: res };
  },
});
