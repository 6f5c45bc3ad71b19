import type { CommentUpdateBody } from '../../../contract/schemas/comment.js';
import { defineCommand } from '../../framework/define-command.js';
import { parsePositiveInteger } from '../../parse.js';
import { checkEditorTextOptions, portalText, type EditorTextOptions } from '../../portal-text.js';
import { readTextOption } from '../../read-text.js';
import { commentFields } from './columns.js';
import { textFlags } from '../../text-flags.js';

interface UpdateOptions extends EditorTextOptions {
  id: number;
  text?: string;
  textFile?: string;
  bodyFile?: string;
  /** A comment id, or false for `--no-parent`. */
  parent?: string | false;
  changelog?: boolean;
  pin?: boolean;
}

/** The API needs the text on every update; a flag pair given neither way sends nothing for its field. */
export default defineCommand<UpdateOptions>({
  name: 'update',
  endpoint: 'comments.update',
  description: 'Change the text, parent, pin or changelog tag of a comment (the text is always required)',
  args: [{ name: 'id', description: 'numeric comment id', parse: parsePositiveInteger }],
  flags: [
    ...textFlags('new comment text in markdown (or --input-format html), 3-6000 characters as sent'),
    { flags: '--parent <id>', description: 'make it a reply to this comment id', field: 'parent_id' },
    { flags: '--no-parent', description: 'make it a top-level comment' },
    { flags: '--changelog', description: "tag as the post's changelog text (untags the post's previous one)" },
    { flags: '--no-changelog', description: 'remove the changelog tag' },
    { flags: '--pin', description: 'pin to the top of the comment list' },
    { flags: '--no-pin', description: 'unpin' },
    {
      flags: '--created-at <time>',
      description: 'change the creation time, e.g. "2026-01-02 10:00:00" (UTC)',
      field: 'created_at',
    },
  ],
  columns: commentFields,
  examples: [
    'fp comments update 19 --text "Happens on a Pixel 7 as well."',
    'fp comments update 20 --text "Moved up" --no-parent --pin',
  ],
  async run({ opts, fields, f, client }) {
    checkEditorTextOptions(opts);
    const comment = await portalText(f, 'comments.update', (await readTextOption(f.io, opts)) as string, opts);
    const body = { ...fields, comment } as CommentUpdateBody;
    if (opts.parent === false) body.parent_id = null;
    if (opts.changelog !== undefined) body.tagged_for_changelog = opts.changelog;
    if (opts.pin !== undefined) body.pinned_to_top = opts.pin;
    const { data } = await (await client()).call('comments.update', { params: { id: opts.id }, body });
    return { item: data };
  },
});
