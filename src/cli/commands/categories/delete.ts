import { defineCommand } from '../../framework/define-command.js';
import { resolveCategory } from '../../resolve/category.js';

export default defineCommand<{ category: string }>({
  name: 'delete',
  endpoint: 'categories.delete',
  args: [{ name: 'category', description: 'category id or unique name', complete: 'categories' }],
  examples: ['fp categories delete "Data import" --yes', 'fp categories delete 3'],
  async confirm({ opts, client, once }) {
    const category = await once('category', async () => resolveCategory(await client(), opts.category));
    return `Delete category "${category.name}" (${category.id})?`;
  },
  async run({ opts, client, once }) {
    const c = await client();
    const category = await once('category', async () => resolveCategory(c, opts.category));
    const res = await c.call('categories.delete', { params: { id: category.id ?? opts.category } });
    return { done: res.message, data: res };
  },
});
