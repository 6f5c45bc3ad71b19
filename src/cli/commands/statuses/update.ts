import { defineCommand } from '../../framework/define-command.js';
import { resolveStatuses } from '../../resolve/status.js';
import { resolveTabId } from '../../resolve/tab.js';
import { statusColumns } from './columns.js';

export default defineCommand<{ status: string; name?: string; color?: string; tab?: string }>({
  name: 'update',
  endpoint: 'statuses.update',
  description: 'Rename or recolour a status, or move it (with its posts) to another board',
  args: [{ name: 'status', description: 'status id or name', complete: 'statuses' }],
  flags: [
    { flags: '--name <name>', description: 'new name', field: 'name' },
    { flags: '--color <hex>', description: 'new colour as #RRGGBB', field: 'color' },
    { flags: '--tab <id|slug|name>', description: 'the new board', complete: 'tabs' },
  ],
  needsOneOf: ['--name', '--color', '--tab'],
  columns: statusColumns,
  examples: [
    'fp statuses update "Gathering votes" --name "Collecting votes"',
    'fp statuses update 3 --color "#999999"',
  ],
  async run({ opts, client, status, keepNames }) {
    const c = await client();
    const [id] = await resolveStatuses(c, [opts.status], status, keepNames);
    const tabId = opts.tab === undefined ? undefined : await resolveTabId(c, opts.tab);
    const { data } = await c.call('statuses.update', {
      params: { status: String(id) },
      body: { name: opts.name, color: opts.color, tab_id: tabId },
    });
    return { item: data };
  },
});
