import { defineCommand } from '../../framework/define-command.js';
import { resolveSection } from '../../resolve/section.js';

export default defineCommand<{ section: string }>({
  name: 'delete',
  endpoint: 'sections.delete',
  description: 'Delete a section without child sections or posts',
  args: [{ name: 'section', description: 'section id, slug or title', complete: 'sections' }],
  examples: ['fp sections delete Invoices --yes'],
  async confirm({ opts, client, once }) {
    const ref = await once('section', async () => resolveSection(await client(), opts.section));
    return `Delete section ${JSON.stringify(opts.section)} (${ref})?`;
  },
  async run({ opts, client, once }) {
    const c = await client();
    const ref = await once('section', async () => resolveSection(c, opts.section));
    const res = await c.call('sections.delete', { params: { section: ref } });
    return { done: res.message, data: res };
  },
});
