import { defineCommand, defineGroup } from '../../framework/define-command.js';
import type { Column } from '../../output/output.js';
import type { Tab } from '../../../contract/schemas/tab.js';
import posts from './posts.js';

const columns: Column<Tab>[] = [
  { header: 'ID', value: (t) => t.id },
  { header: 'SLUG', value: (t) => t.slug },
  { header: 'NAME', value: (t) => t.name },
  { header: 'TYPE', value: (t) => t.type },
  { header: 'DESCRIPTION', value: (t) => t.description, max: 50 },
];

const list = defineCommand({
  name: 'list',
  endpoint: 'tabs.list',
  columns,
  keepsNames: ['tabs', 'kb-tabs'],
  empty: 'No tabs.',
  examples: ['fp tabs list', 'fp tabs list --jq \'.[] | select(.type == "knowledge_base") | .id\''],
});

const get = defineCommand<{ tab: string }>({
  name: 'get',
  endpoint: 'tabs.get',
  args: [{ name: 'tab', description: 'tab id or slug', field: 'tab', complete: 'tabs' }],
  columns,
  examples: ['fp tabs get roadmap', 'fp tabs get 4 --json'],
  async run({ opts, client }) {
    return { item: (await (await client()).call('tabs.get', { params: { tab: opts.tab } })).data };
  },
});

export const { register } = defineGroup({
  name: 'tabs',
  description: 'List the tabs (boards), show one, or list its posts (assumed operations, D-TAB-LIST, D-TAB-GET)',
  commands: [list, get, posts],
});
