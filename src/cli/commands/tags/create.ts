import { defineCommand } from '../../framework/define-command.js';
import { tagColumns } from './columns.js';

export default defineCommand<{ name: string }>({
  name: 'create',
  endpoint: 'tags.create',
  args: [{ name: 'name', description: 'tag name (2-60 characters, unique)', field: 'name' }],
  columns: tagColumns,
  examples: ['fp tags create regression'],
  async run({ opts, client }) {
    return { item: (await (await client()).call('tags.create', { body: { name: opts.name } })).data };
  },
});
