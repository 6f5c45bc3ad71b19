import type { PostUpdateBody } from '../../../contract/schemas/post.js';
import { defineCommand } from '../../framework/define-command.js';
import { portalEditorType } from '../../portal-editor.js';
import { checkEditorTextOptions, portalText } from '../../portal-text.js';
import { postFlags, readDescription, type PostFlags } from './post-flags.js';
import { postPage } from './post-page.js';

/** Only the fields given are sent (PATCH, D-POST-UPDATE); a new status moves the post to its board. */
export default defineCommand<PostFlags & { key: string }>({
  name: 'update',
  endpoint: 'posts.update',
  description: 'Change the title, description, category or status of a post',
  args: [{ name: 'key', description: 'post key', field: 'key', complete: 'posts' }],
  flags: postFlags,
  needsOneOf: ['--title', '--description', '--description-file', '--body-file', '--category', '--status'],
  examples: [
    'fp posts update 3zah2 --status Planned',
    'fp posts update 3zah2 --category Integrations --title "Slack alerts per channel"',
    'fp posts update 3zah2 --description-file - < description.md',
  ],
  async run({ opts, fields, f, client }) {
    checkEditorTextOptions(opts);
    const written = await readDescription(f.io, opts);
    const description = written === undefined ? undefined : await portalText(f, 'posts.update', written, opts);
    const { key: _key, ...rest } = fields;
    const body = { ...rest, ...(description !== undefined && { description }) } as PostUpdateBody;
    const { data } = await (await client()).call('posts.update', { params: { key: opts.key }, body });
    return { page: async () => postPage(data, await portalEditorType(f)), data };
  },
});
