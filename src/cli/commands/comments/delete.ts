import { defineCommand } from '../../framework/define-command.js';
import { parsePositiveInteger } from '../../parse.js';

/** The service deletes the direct replies too (one level); replies to those become top-level comments. */
export default defineCommand<{ id: number }>({
  name: 'delete',
  endpoint: 'comments.delete',
  description: 'Delete a comment and its direct replies (replies to those replies stay, as top-level comments)',
  args: [{ name: 'id', description: 'numeric comment id', parse: parsePositiveInteger }],
  examples: ['fp comments delete 20 --yes', 'fp comments delete 19'],
  confirm: ({ opts }) => `Delete comment ${opts.id} and its direct replies?`,
  async run({ opts, client }) {
    const res = await (await client()).call('comments.delete', { params: { id: opts.id } });
    return { done: `Deleted comment ${opts.id} and its direct replies.`, data: res };
  },
});
