import type { GroupCreateBody } from '../../../contract/schemas/group.js';
import { defineCommand } from '../../framework/define-command.js';
import { groupFields } from './columns.js';

export default defineCommand({
  name: 'create',
  endpoint: 'groups.create',
  description: 'Create a user group',
  args: [{ name: 'name', description: 'group name (2-60 characters, unique)', field: 'name' }],
  flags: [
    {
      flags: '--description <text>',
      description: 'what the group is for (at most 1000 characters)',
      field: 'description',
    },
  ],
  columns: groupFields,
  examples: [
    'fp groups create "Early adopters"',
    'fp groups create Enterprise --description "Customers on the enterprise plan"',
  ],
  async run({ fields, client }) {
    const { data } = await (await client()).call('groups.create', { body: fields as GroupCreateBody });
    return { item: data };
  },
});
