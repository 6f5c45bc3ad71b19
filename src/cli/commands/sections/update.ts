import { defineCommand } from '../../framework/define-command.js';
import { resolveSection } from '../../resolve/section.js';
import { sectionColumns } from './columns.js';
import { parentIdOf } from './parent.js';

export default defineCommand<{ section: string; title?: string; parent?: string; top?: boolean; description?: string }>(
  {
    name: 'update',
    endpoint: 'sections.update',
    description: 'Retitle or describe a section, or move it under another parent (or to the top with --top)',
    args: [{ name: 'section', description: 'section id, slug or title', complete: 'sections' }],
    flags: [
      { flags: '--title <title>', description: 'new title', field: 'title' },
      { flags: '--description <text>', description: 'new description', field: 'description' },
      { flags: '--parent <id|slug|name>', description: 'the section to move it into' },
      { flags: '--top', description: 'move it to the top of its tab' },
    ],
    needsOneOf: ['--title', '--description', '--parent', '--top'],
    columns: sectionColumns,
    examples: ['fp sections update dashboards --title "Dashboards and reports"', 'fp sections update dashboards --top'],
    async run({ opts, client, status }) {
      const c = await client();
      const ref = await resolveSection(c, opts.section, status);
      const parentId = opts.top
        ? null
        : opts.parent === undefined
          ? undefined
          : await parentIdOf(c, opts.parent, status);
      const { data } = await c.call('sections.update', {
        params: { section: ref },
        body: { title: opts.title, description: opts.description, parent_id: parentId },
      });
      return { item: data };
    },
  },
);
