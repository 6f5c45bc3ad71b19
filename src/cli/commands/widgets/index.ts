import type { Widget } from '../../../contract/schemas/widget.js';
import { defineCommand, defineGroup } from '../../framework/define-command.js';
import type { Column } from '../../output/output.js';

const columns: Column<Widget>[] = [
  { header: 'ID', value: (w) => w.id },
  { header: 'NAME', value: (w) => w.name },
  { header: 'TYPE', value: (w) => w.type },
  { header: 'TAB', field: 'tab_id', value: (w) => w.tab_id ?? '' },
  { header: 'UPDATED', field: 'updated_at', value: (w) => w.updated_at, date: true },
];

const list = defineCommand({
  name: 'list',
  endpoint: 'widgets.list',
  columns,
  empty: 'No widgets.',
  examples: ['fp widgets list', 'fp widgets list --jq ".[] | select(.type == \\"feedback\\") | .id"'],
});

const get = defineCommand<{ widget: string }>({
  name: 'get',
  endpoint: 'widgets.get',
  args: [{ name: 'widget', description: 'widget id (a UUID)', field: 'widget' }],
  columns,
  examples: ['fp widgets get e8593bc7-c0e1-53c6-8e89-1ab3864b44ea'],
  async run({ opts, client }) {
    return { item: (await (await client()).call('widgets.get', { params: { widget: opts.widget } })).data };
  },
});

export const { register } = defineGroup({
  name: 'widgets',
  description: "List the portal's widgets or show one (assumed operations, D-WIDGETS)",
  help: 'Widgets are made in the portal; the API only reads them.',
  commands: [list, get],
});
