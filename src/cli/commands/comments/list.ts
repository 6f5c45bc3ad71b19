import { defineCommand } from '../../framework/define-command.js';
import { openInBrowser, webFlag } from '../../open-in-browser.js';
import { commentColumns } from './columns.js';
import { threadOrder } from './thread.js';

/**
 * Programs get the server's flat list as is; a table shows the thread, replies under their parents.
 * `--web` opens the post's page, where its comments are (the API has no page of one comment's own).
 */
export default defineCommand<{ post: string; web?: boolean }>({
  name: 'list',
  endpoint: 'comments.list',
  description: 'List the comments of a post, replies indented under their parents',
  args: [{ name: 'post', description: 'post key (the short string id of the post)', complete: 'posts' }],
  flags: [webFlag("the post's page, where its comments are")],
  columns: commentColumns,
  examples: [
    'fp comments list 3zah2',
    'fp comments list 3zah2 --jq ".[] | select(.parent_id == null) | .id"',
    'fp comments list 3zah2 --web',
  ],
  async run({ opts, f, client, output }) {
    if (opts.web) {
      const { data: post } = await (await client()).call('posts.get', { params: { key: opts.post } });
      return openInBrowser(f, post.url, `post ${opts.post}`);
    }
    const { data } = await (await client()).call('comments.list', { params: { key: opts.post } });
    const table = (await output()).format === 'table';
    return {
      list: table ? threadOrder(data).map((r) => ({ ...r.comment, depth: r.depth })) : data,
      empty: 'No comments.',
    };
  },
});
