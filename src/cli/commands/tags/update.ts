import { defineCommand } from '../../framework/define-command.js';
import { resolveTags } from '../../resolve/tag.js';
import { tagColumns } from './columns.js';

export default defineCommand<{ tag: string; name: string }>({
  name: 'update',
  endpoint: 'tags.update',
  description: 'Rename a tag',
  args: [{ name: 'tag', description: 'tag id or name', complete: 'tags' }],
  flags: [{ flags: '--name <name>', description: 'new name', field: 'name', required: true }],
  columns: tagColumns,
  examples: ['fp tags update ux --name usability'],
  async run({ opts, client, status }) {
    const c = await client();
    const [id] = (await resolveTags(c, [opts.tag], status)).ids;
    return { item: (await c.call('tags.update', { params: { tag: id }, body: { name: opts.name } })).data };
  },
});
