import { defineCommand } from '../../framework/define-command.js';

export default defineCommand<{ id: string }>({
  name: 'delete',
  endpoint: 'feedback.delete',
  args: [{ name: 'id', description: 'feedback entry id' }],
  examples: ['fp feedback delete fb-2 --yes', 'fp feedback delete fb-2'],
  confirm: ({ opts }) => `Delete feedback entry ${opts.id}?`,
  async run({ opts, client }) {
    const res = await (await client()).call('feedback.delete', { params: { id: opts.id } });
    return { done: `Deleted feedback entry ${opts.id}.`, data: res };
  },
});
