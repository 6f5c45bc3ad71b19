import { defineCommand } from '../../framework/define-command.js';
import { commentColumns } from './columns.js';
import { threadOrder } from './thread.js';

/** Programs get the server's flat list as is; a table shows the thread, replies under their parents. */
export default defineCommand<{ post: string }>({
  name: 'list',
  endpoint: 'comments.list',
  description: 'List the comments of a post, replies indented under their parents',
  args: [{ name: 'post', description: 'post key (the short string id of the post)', complete: 'posts' }],
  columns: commentColumns,
  examples: ['fp comments list 3zah2', 'fp comments list 3zah2 --jq ".[] | select(.parent_id == null) | .id"'],
  async run({ opts, client, output }) {
    const { data } = await (await client()).call('comments.list', { params: { key: opts.post } });
    const table = (await output()).format === 'table';
    return {
      list: table ? threadOrder(data).map((r) => ({ ...r.comment, depth: r.depth })) : data,
      empty: 'No comments.',
    };
  },
});
