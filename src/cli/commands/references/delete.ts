import { defineCommand } from '../../framework/define-command.js';
import { parsePositiveInteger } from '../../parse.js';

export default defineCommand<{ id: number }>({
  name: 'delete',
  endpoint: 'references.delete',
  args: [{ name: 'id', description: 'numeric reference id', parse: parsePositiveInteger }],
  examples: ['fp references delete 7 --yes', 'fp references delete 7'],
  confirm: ({ opts }) => `Delete reference ${opts.id}?`,
  async run({ opts, client }) {
    const res = await (await client()).call('references.delete', { params: { id: opts.id } });
    return { done: `Deleted reference ${opts.id}.`, data: res };
  },
});
