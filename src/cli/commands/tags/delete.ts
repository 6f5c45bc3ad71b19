import { defineCommand } from '../../framework/define-command.js';
import { resolveTags } from '../../resolve/tag.js';

export default defineCommand<{ tag: string }>({
  name: 'delete',
  endpoint: 'tags.delete',
  description: 'Delete a tag (its posts lose it)',
  args: [{ name: 'tag', description: 'tag id or name', complete: 'tags' }],
  examples: ['fp tags delete customer-request --yes'],
  async confirm({ opts, client, once }) {
    const id = await once('tag', async () => (await resolveTags(await client(), [opts.tag])).ids[0]);
    return `Delete tag ${JSON.stringify(opts.tag)} (${id}) and take it off its posts?`;
  },
  async run({ opts, client, once }) {
    const c = await client();
    const id = await once('tag', async () => (await resolveTags(c, [opts.tag])).ids[0]);
    const res = await c.call('tags.delete', { params: { tag: id } });
    return { done: res.message, data: res };
  },
});
