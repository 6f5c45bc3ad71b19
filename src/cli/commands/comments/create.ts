import type { CommentCreateBody } from '../../../contract/schemas/comment.js';
import { defineCommand } from '../../framework/define-command.js';
import { userFlagResolve } from '../../resolve/user-flag.js';
import { checkEditorTextOptions, portalText, type EditorTextOptions } from '../../portal-text.js';
import { readTextOption } from '../../read-text.js';
import { commentFields } from './columns.js';
import { textFlags } from '../../text-flags.js';

interface CreateOptions extends EditorTextOptions {
  post: string;
  text?: string;
  textFile?: string;
  bodyFile?: string;
  changelog?: boolean;
  pin?: boolean;
  silent?: boolean;
}

/** Flags not given are not sent; the text goes in the portal's editor format (D-TEXT-EDITOR-FORMAT). */
export default defineCommand<CreateOptions>({
  name: 'create',
  endpoint: 'comments.create',
  description: 'Comment on a post, or reply to a comment with --parent',
  args: [{ name: 'post', description: 'post key', complete: 'posts' }],
  flags: [
    {
      flags: '--user <user>',
      description: 'the user the comment is attributed to: UUID, e-mail or name',
      field: 'user_id',
      required: true,
      resolve: userFlagResolve,
      complete: 'users',
    },
    ...textFlags('comment text in markdown (or --input-format html), 3-6000 characters as sent'),
    { flags: '--parent <id>', description: 'reply to this comment id', field: 'parent_id' },
    { flags: '--changelog', description: "tag as the post's changelog text (untags the post's previous one)" },
    { flags: '--pin', description: 'pin to the top of the comment list' },
    {
      flags: '--created-at <time>',
      description: 'custom creation time for imports, e.g. "2026-01-02 10:00:00" (UTC)',
      field: 'created_at',
    },
    { flags: '--silent', description: 'send no notifications and no CommentCreated event' },
  ],
  columns: commentFields,
  examples: [
    'fp comments create 3zah2 --user 3a0edf6a-d5f4-5b82-ac94-50f05eb27eda --text "Thanks, on our list."',
    'fp comments create 3zah2 --user "Tom Becker" --text "Thanks, on our list."',
    'echo "Shipped in 2.0" | fp comments create 3zah2 --user 3a0edf6a-d5f4-5b82-ac94-50f05eb27eda --text-file - --changelog',
    'fp comments create 3zah2 --user "Tom Becker" --text "<p><strong>Fixed</strong> in 2.3</p>" --input-format html',
  ],
  async run({ opts, fields, f, client }) {
    checkEditorTextOptions(opts);
    const comment = await portalText(f, 'comments.create', (await readTextOption(f.io, opts)) as string, opts);
    const body = { ...fields, comment } as CommentCreateBody;
    if (opts.changelog) body.tagged_for_changelog = true;
    if (opts.pin) body.pinned_to_top = true;
    if (opts.silent) body.silent = true;
    const { data } = await (await client()).call('comments.create', { params: { key: opts.post }, body });
    return { item: data };
  },
});
