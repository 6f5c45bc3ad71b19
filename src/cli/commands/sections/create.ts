import { defineCommand } from '../../framework/define-command.js';
import { resolveTabId } from '../../resolve/tab.js';
import { sectionColumns } from './columns.js';
import { parentIdOf } from './parent.js';

export default defineCommand<{ title: string; tab: string; parent?: string; description?: string }>({
  name: 'create',
  endpoint: 'sections.create',
  args: [{ name: 'title', description: 'section title', field: 'title' }],
  flags: [
    { flags: '--tab <id|slug|name>', description: 'the tab the section belongs to', required: true, complete: 'tabs' },
    { flags: '--parent <id|slug|name>', description: 'the section to put it in (the top when absent)' },
    { flags: '--description <text>', description: 'what the section holds', field: 'description' },
  ],
  columns: sectionColumns,
  examples: ['fp sections create Billing --tab help --description "Plans and invoices."'],
  async run({ opts, client, status }) {
    const c = await client();
    const tabId = await resolveTabId(c, opts.tab);
    const parentId = opts.parent === undefined ? undefined : await parentIdOf(c, opts.parent, status);
    const { data } = await c.call('sections.create', {
      body: { tab_id: tabId, title: opts.title, parent_id: parentId, description: opts.description },
    });
    return { item: data };
  },
});
