import { defineCommand } from '../../framework/define-command.js';
import { groupFields } from './columns.js';
import { groupArg, groupOf } from './group-arg.js';

/** Only the fields given are sent; `--description ""` clears the description. */
export default defineCommand<{ group: string; name?: string; description?: string }>({
  name: 'update',
  endpoint: 'groups.update',
  description: 'Rename a group or change its description',
  args: [groupArg],
  flags: [
    { flags: '--name <name>', description: 'new name (2-60 characters, unique)', field: 'name' },
    { flags: '--description <text>', description: 'new description ("" clears it)' },
  ],
  needsOneOf: ['--name', '--description'],
  columns: groupFields,
  examples: [
    'fp groups update "Beta testers" --name "Beta programme"',
    'fp groups update "Beta testers" --description ""',
  ],
  async run(ctx) {
    const { opts, fields } = ctx;
    const group = await groupOf(ctx);
    const body: { name?: string; description?: string | null } = { ...fields };
    if (opts.description !== undefined) body.description = opts.description === '' ? null : opts.description;
    const { data } = await (await ctx.client()).call('groups.update', { params: { id: group.id }, body });
    return { item: data };
  },
});
