import { defineCommand } from '../../framework/define-command.js';
import { resolveCategory } from '../../resolve/category.js';
import { categoryColumns } from './columns.js';

/** The API needs both fields: the one not given is filled in from the current category. */
export default defineCommand<{ category: string; name?: string; color?: string }>({
  name: 'update',
  endpoint: 'categories.update',
  description: 'Rename or recolour a category',
  args: [{ name: 'category', description: 'category id or unique name', complete: 'categories' }],
  flags: [
    { flags: '--name <name>', description: 'new name', field: 'name' },
    { flags: '--color <hex>', description: 'new colour as #RRGGBB', field: 'color' },
  ],
  needsOneOf: ['--name', '--color'],
  columns: categoryColumns,
  examples: [
    'fp categories update Alerts --color "#ff8800"',
    'fp categories update Integrations --name "Integrations & API"',
  ],
  async run({ opts, client }) {
    const c = await client();
    const current = await resolveCategory(c, opts.category);
    const { data } = await c.call('categories.update', {
      params: { id: current.id ?? opts.category },
      body: { name: opts.name ?? current.name, color: opts.color ?? current.color },
    });
    return { item: data };
  },
});
