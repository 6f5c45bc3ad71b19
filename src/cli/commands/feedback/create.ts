import type { z } from 'zod';
import type { feedbackSchemas } from '../../../contract/schemas/feedback.js';
import { defineCommand } from '../../framework/define-command.js';
import { userFlagResolve } from '../../resolve/user-flag.js';
import { checkEditorTextOptions, portalText, type EditorTextOptions } from '../../portal-text.js';
import { readTextOption } from '../../read-text.js';
import { textFlags } from '../../text-flags.js';
import { feedbackFields } from './columns.js';

/** Without --user (or with an unknown one) the service attributes the entry to the key's owner. */
export default defineCommand<{ text?: string; textFile?: string; bodyFile?: string } & EditorTextOptions>({
  name: 'create',
  endpoint: 'feedback.create',
  description: 'Record a feedback entry',
  flags: [
    {
      flags: '--type <type>',
      description: 'kind of feedback, e.g. idea, bug, praise, question',
      field: 'type',
      required: true,
    },
    ...textFlags('the feedback text, in markdown (or --input-format html)'),
    {
      flags: '--user <user>',
      description: 'user the entry is attributed to: UUID, e-mail or name (default: the API key owner)',
      field: 'user_id',
      resolve: userFlagResolve,
      complete: 'users',
    },
  ],
  columns: feedbackFields,
  examples: [
    'fp feedback create --type idea --text "A dark theme for the dashboard"',
    'fp feedback create --type bug --text "Export fails" --user mia.chen@acme.test',
    'echo "Export fails" | fp feedback create --type bug --text-file -',
  ],
  async run({ opts, fields, f, client }) {
    checkEditorTextOptions(opts);
    const feedback = await portalText(f, 'feedback.create', (await readTextOption(f.io, opts)) as string, opts);
    const { data } = await (await client()).call('feedback.create', {
      body: { ...fields, feedback } as z.input<ReturnType<typeof feedbackSchemas>['FeedbackCreateBodySchema']>,
    });
    return { item: data };
  },
});
