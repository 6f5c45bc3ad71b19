import { defineCommand, defineGroup } from '../../framework/define-command.js';
import { listed } from '../../resolve/listed.js';
import { pickNamed } from '../../resolve/by-name.js';
import { sectionColumns } from './columns.js';
import create from './create.js';
import del from './delete.js';
import update from './update.js';

const columns = sectionColumns;

/** The top-level sections (of one tab with --tab), or the children of one section with --parent. */
const list = defineCommand<{ tab?: string; parent?: string }>({
  name: 'list',
  endpoint: 'sections.list',
  description: 'List the top-level sections, or the child sections of one with --parent',
  flags: [
    { flags: '--tab <id|slug|name>', description: 'only the sections of this tab', complete: 'tabs' },
    {
      flags: '--parent <id|slug>',
      description: 'the sections directly inside this section',
      field: 'section',
      checkedBy: 'sections.children',
    },
  ],
  columns,
  keepsNames: ['sections'],
  examples: ['fp sections list', 'fp sections list --tab help', 'fp sections list --parent features'],
  async run({ opts, client, status }) {
    const c = await client();
    const { data } =
      opts.parent !== undefined
        ? await c.call('sections.children', { params: { section: opts.parent } })
        : await c.call('sections.list', {});
    if (opts.tab === undefined) return { list: data, empty: 'No sections.' };
    const tabs = (await listed(c, 'tabs', status, '--tab takes the tab id')) ?? [];
    const what = { kind: 'tab', flag: '--tab', plural: 'tabs' };
    const tabId = /^\d+$/.test(opts.tab)
      ? Number(opts.tab)
      : pickNamed(
          tabs,
          opts.tab,
          what,
          (t) => [t.slug, t.name],
          (t) => `${t.slug} (${t.name})`,
        ).id;
    return { list: data.filter((s) => s.tab_id === tabId), empty: 'No sections.' };
  },
});

export const { register } = defineGroup({
  name: 'sections',
  description:
    'List, create, update and delete the sections of the tabs (assumed operations, D-SECTION-LIST, D-SECTION-CHILDREN, D-SECTION-WRITE)',
  commands: [list, create, update, del],
});
