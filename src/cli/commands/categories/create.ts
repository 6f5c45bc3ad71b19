import { defineCommand } from '../../framework/define-command.js';
import { categoryColumns } from './columns.js';

/** The API creates by name only; a colour is set with a follow-up update (checked by its schema first). */
export default defineCommand<{ name: string; color?: string }>({
  name: 'create',
  endpoint: 'categories.create',
  args: [{ name: 'name', description: 'category name (2-60 characters, unique)', field: 'name' }],
  flags: [{ flags: '--color <hex>', description: 'colour as #RRGGBB', field: 'color', checkedBy: 'categories.update' }],
  columns: categoryColumns,
  examples: ['fp categories create Security', 'fp categories create Mobile --color "#00aa55"'],
  async run({ opts, client }) {
    const c = await client();
    let { data } = await c.call('categories.create', { body: { name: opts.name } });
    if (opts.color !== undefined && data.id !== null) {
      ({ data } = await c.call('categories.update', {
        params: { id: data.id },
        body: { name: data.name, color: opts.color },
      }));
    }
    return { item: data };
  },
});
