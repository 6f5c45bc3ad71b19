import { defineCommand } from '../../framework/define-command.js';
import { resolveTabId } from '../../resolve/tab.js';
import { statusColumns } from './columns.js';

export default defineCommand<{ name: string; color?: string; tab?: string }>({
  name: 'create',
  endpoint: 'statuses.create',
  args: [{ name: 'name', description: 'status name (2-60 characters, unique)', field: 'name' }],
  flags: [
    { flags: '--color <hex>', description: 'colour as #RRGGBB', field: 'color' },
    { flags: '--tab <id|slug|name>', description: "the board the status's posts show on", complete: 'tabs' },
  ],
  columns: statusColumns,
  examples: ['fp statuses create "Needs info" --tab feedback --color "#f2c94c"'],
  async run({ opts, client }) {
    const c = await client();
    const tabId = opts.tab === undefined ? undefined : await resolveTabId(c, opts.tab);
    const { data } = await c.call('statuses.create', { body: { name: opts.name, color: opts.color, tab_id: tabId } });
    return { item: data };
  },
});
