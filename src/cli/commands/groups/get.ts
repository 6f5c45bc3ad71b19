import { defineCommand } from '../../framework/define-command.js';
import { resolveGroup } from '../../resolve/group.js';
import { groupFields } from './columns.js';
import { groupArg } from './group-arg.js';

export default defineCommand<{ group: string }>({
  name: 'get',
  endpoint: 'groups.get',
  description: 'Show a group',
  args: [groupArg],
  columns: groupFields,
  examples: ['fp groups get "Beta testers"', 'fp groups get "Beta testers" --json'],
  async run({ opts, client }) {
    return { item: await resolveGroup(await client(), opts.group) };
  },
});
