import type { Command } from 'commander';
import type { CommentUpdateBody } from '../../../contract/schemas/comment.js';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import { parsePositiveInteger } from '../../parse.js';
import { readTextOption } from '../../read-text.js';
import { commentFields } from './columns.js';

export interface UpdateOptions {
  id: number;
  text?: string;
  textFile?: string;
  /** A comment id, or false to make the comment top-level (`--no-parent`). */
  parent?: number | false;
  changelog?: boolean;
  pin?: boolean;
  createdAt?: string;
}

/** The API needs the text on every update; a flag pair given neither way sends nothing for its field. */
export async function updateRun(opts: UpdateOptions, f: Factory): Promise<void> {
  const comment = (await readTextOption(f.io, opts)) as string;
  const body: CommentUpdateBody = { comment };
  if (opts.parent !== undefined) body.parent_id = opts.parent === false ? null : opts.parent;
  if (opts.changelog !== undefined) body.tagged_for_changelog = opts.changelog;
  if (opts.pin !== undefined) body.pinned_to_top = opts.pin;
  if (opts.createdAt !== undefined) body.created_at = opts.createdAt;
  const client = await f.client();
  const { data } = await client.call('comments.update', { params: { id: opts.id }, body });
  await (await f.output()).item(data, commentFields);
}

export function register(parent: Command, f: Factory): void {
  withExamples(
    parent
      .command('update')
      .description('Change the text, parent, pin or changelog tag of a comment (the text is always required)')
      .argument('<id>', 'numeric comment id', parsePositiveInteger),
    [
      'fp comments update 100 --text "Edited: now planned for 2.1"',
      'fp comments update 103 --text-file changelog.md --changelog --pin',
      'fp comments update 101 --text "Moved up" --no-parent',
    ],
  )
    .option('--text <text>', 'new comment text, 3-6000 characters')
    .option('--text-file <path>', 'read the new text from a file, - for stdin')
    .option('--parent <id>', 'make it a reply to this comment id', parsePositiveInteger)
    .option('--no-parent', 'make it a top-level comment')
    .option('--changelog', "tag as the post's changelog text (untags the post's previous one)")
    .option('--no-changelog', 'remove the changelog tag')
    .option('--pin', 'pin to the top of the comment list')
    .option('--no-pin', 'unpin')
    .option('--created-at <time>', 'change the creation time, e.g. "2026-01-02 10:00:00" (UTC)')
    .action((id: number, o: Omit<UpdateOptions, 'id'>) => updateRun({ id, ...o }, f));
}
