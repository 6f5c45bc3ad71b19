import { defineCommand } from '../../framework/define-command.js';
import { checkEditorTextOptions, portalText, type EditorTextOptions } from '../../portal-text.js';
import { readTextOption } from '../../read-text.js';
import { textFlags } from '../../text-flags.js';
import { feedbackFields } from './columns.js';

export default defineCommand<{ id: string; text?: string; textFile?: string; bodyFile?: string } & EditorTextOptions>({
  name: 'update',
  endpoint: 'feedback.update',
  description: 'Replace the text of a feedback entry',
  args: [{ name: 'id', description: 'feedback entry id' }],
  flags: textFlags('the new text, in markdown (or --input-format html)'),
  columns: feedbackFields,
  examples: [
    'fp feedback update fb-2 --text "Export to CSV is broken"',
    'fp feedback update fb-2 --text-file - < corrected.txt',
  ],
  async run({ opts, f, client }) {
    checkEditorTextOptions(opts);
    const feedback = await portalText(f, 'feedback.update', (await readTextOption(f.io, opts)) as string, opts);
    const { data } = await (await client()).call('feedback.update', { params: { id: opts.id }, body: { feedback } });
    return { item: data };
  },
});
