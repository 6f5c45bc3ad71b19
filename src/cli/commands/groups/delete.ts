import { defineCommand } from '../../framework/define-command.js';
import { groupArg, groupOf } from './group-arg.js';

export default defineCommand<{ group: string }>({
  name: 'delete',
  endpoint: 'groups.delete',
  args: [groupArg],
  examples: ['fp groups delete "Beta testers" --yes', 'fp groups delete "Beta testers"'],
  async confirm(ctx) {
    const group = await groupOf(ctx);
    return `Delete group "${group.name}" (${group.id}) and its memberships?`;
  },
  async run(ctx) {
    const group = await groupOf(ctx);
    const res = await (await ctx.client()).call('groups.delete', { params: { id: group.id } });
    return { done: res.message, data: res };
  },
});
