import type { PostCreateBody } from '../../../contract/schemas/post.js';
import { defineCommand } from '../../framework/define-command.js';
import { portalEditorType } from '../../portal-editor.js';
import { checkEditorTextOptions, portalText } from '../../portal-text.js';
import { userFlagResolve } from '../../resolve/user-flag.js';
import { postFlags, readDescription, type PostFlags } from './post-flags.js';
import { postPage } from './post-page.js';

/** A post filed by the portal's team: it skips moderation (D-POST-CREATE). */
export default defineCommand<PostFlags & { user?: string }>({
  name: 'create',
  endpoint: 'posts.create',
  description: 'Create a post (approved at once: posts by the team skip moderation)',
  flags: [
    ...postFlags.map((fl) => (fl.field === 'title' ? { ...fl, required: true } : fl)),
    {
      flags: '--user <user>',
      description: "the author: UUID, e-mail or name (the portal's first admin when absent)",
      field: 'user_id',
      resolve: userFlagResolve,
      complete: 'users',
    },
  ],
  examples: [
    'fp posts create --title "Export dashboards as PDF" --category Dashboards --status "Under review"',
    'fp posts create --title "SSO for the EU region" --description "Asked for in ticket 4711" --user sofia.rossi@acme.test',
    'echo "From ticket #4711" | fp posts create --title "Slow CSV export" --description-file - --json',
  ],
  async run({ opts, fields, f, client }) {
    checkEditorTextOptions(opts);
    const written = await readDescription(f.io, opts);
    const description = written === undefined ? undefined : await portalText(f, 'posts.create', written, opts);
    const body = { ...fields, ...(description !== undefined && { description }) } as PostCreateBody;
    const { data } = await (await client()).call('posts.create', { body });
    return { page: async () => postPage(data, await portalEditorType(f)), data };
  },
});
