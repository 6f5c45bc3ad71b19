import { UsageError } from '../../errors.js';
import { defineCommand } from '../../framework/define-command.js';
import { resolveGroup } from '../../resolve/group.js';
import { groupFields } from './columns.js';
import { groupArg } from './group-arg.js';

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
  columns: groupFields,
  examples: ['fp groups update "Beta testers" --name "Beta programme"', 'fp groups update "Beta testers" --description ""'],
  async run({ opts, fields, client }) {
    if (opts.name === undefined && opts.description === undefined) throw new UsageError('nothing to update: pass --name and/or --description');
    const c = await client();
    const group = await resolveGroup(c, opts.group);
    const body: { name?: string; description?: string | null } = { ...fields };
    if (opts.description !== undefined) body.description = opts.description === '' ? null : opts.description;
    const { data } = await c.call('groups.update', { params: { id: group.id }, body });
    return { item: data };
  },
});
