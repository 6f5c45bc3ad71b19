import type { Reference } from '../../../contract/schemas/reference.js';
import { defineCommand } from '../../framework/define-command.js';
import { readStdinText } from '../../read-text.js';
import type { Column } from '../../output/output.js';

const referenceFields: Column<Reference>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: 'POST', field: 'post_id', value: (r) => r.post_id },
  { header: 'REFERENCE', value: (r) => r.reference },
  { header: 'CREATED', field: 'created_at', value: (r) => r.created_at, date: true },
];

/** The text is stored as sent (1-6000 characters, checked before sending). */
export default defineCommand<{ post: string; text: string }>({
  name: 'add',
  endpoint: 'references.create',
  description: 'Attach a reference (a ticket, a link, a note) to a post',
  args: [
    { name: 'post', description: 'post key', complete: 'posts' },
    { name: 'text', description: 'reference text, 1-6000 characters; - reads it from stdin' },
  ],
  columns: referenceFields,
  examples: ['fp references add exec8 "JIRA-1234"', 'echo "CRM case 77" | fp references add exec8 -'],
  async run({ opts, f, client }) {
    const reference = opts.text === '-' ? await readStdinText(f.io) : opts.text;
    const { data } = await (await client()).call('references.create', {
      params: { key: opts.post },
      body: { reference },
    });
    return { item: data };
  },
});
