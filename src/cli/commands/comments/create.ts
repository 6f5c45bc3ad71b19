import type { Command } from 'commander';
import type { CommentCreateBody } from '../../../contract/schemas/comment.js';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import { parsePositiveInteger } from '../../parse.js';
import { readTextOption } from '../../read-text.js';
import { commentFields } from './columns.js';

export interface CreateOptions {
  post: string;
  user: string;
  text?: string;
  textFile?: string;
  parent?: number;
  changelog?: boolean;
  pin?: boolean;
  createdAt?: string;
  silent?: boolean;
}

/** Flags not given are not sent; the text rules (3-6000 characters) are checked before sending. */
export async function createRun(opts: CreateOptions, f: Factory): Promise<void> {
  const comment = (await readTextOption(f.io, opts)) as string;
  const body: CommentCreateBody = { user_id: opts.user, comment };
  if (opts.parent !== undefined) body.parent_id = opts.parent;
  if (opts.changelog) body.tagged_for_changelog = true;
  if (opts.pin) body.pinned_to_top = true;
  if (opts.createdAt !== undefined) body.created_at = opts.createdAt;
  if (opts.silent) body.silent = true;
  const client = await f.client();
  const { data } = await client.call('comments.create', { params: { key: opts.post }, body });
  await (await f.output()).item(data, commentFields);
}

export function register(parent: Command, f: Factory): void {
  withExamples(
    parent
      .command('create')
      .description('Comment on a post, or reply to a comment with --parent')
      .argument('<post>', 'post key'),
    [
      'fp comments create dark1 --user 11111111-1111-4111-8111-111111111111 --text "Thanks, on our list."',
      'fp comments create dark1 --user 11111111-1111-4111-8111-111111111111 --parent 100 --text-file reply.md',
      'echo "Shipped in 2.0" | fp comments create dark1 --user 11111111-1111-4111-8111-111111111111 --text-file - --changelog',
    ],
  )
    .requiredOption('--user <uuid>', 'UUID of the user the comment is attributed to')
    .option('--text <text>', 'comment text, 3-6000 characters (HTML or markdown per the portal editor)')
    .option('--text-file <path>', 'read the comment text from a file, - for stdin')
    .option('--parent <id>', 'reply to this comment id', parsePositiveInteger)
    .option('--changelog', "tag as the post's changelog text (untags the post's previous one)")
    .option('--pin', 'pin to the top of the comment list')
    .option('--created-at <time>', 'custom creation time for imports, e.g. "2026-01-02 10:00:00" (UTC)')
    .option('--silent', 'send no notifications and no CommentCreated event')
    .action((post: string, o: Omit<CreateOptions, 'post'>) => createRun({ post, ...o }, f));
}
