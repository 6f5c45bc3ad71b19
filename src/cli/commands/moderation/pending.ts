import type { Command } from 'commander';
import type { ModerationItem } from '../../../contract/schemas/moderation.js';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import { queueColumns } from './columns.js';

export interface QueueOptions {
  all?: boolean;
}

/** The first page of each collection, or with --all every page, streamed. */
export async function pendingRun(opts: QueueOptions, f: Factory): Promise<void> {
  const client = await f.client();
  const out = await f.output();
  if (opts.all) {
    const { allPending } = await import('../../../client/paginate.js');
    await out.list(allPending(client), queueColumns, { empty: 'Nothing is pending.' });
    return;
  }
  const page = await client.call('moderation.pending', {});
  const rows: ModerationItem[] = [...page.data.posts, ...page.data.comments];
  await out.list(rows, queueColumns, { empty: 'Nothing is pending.' });
  if (page.meta.has_more_posts || page.meta.has_more_comments) f.status('More items are pending: pass --all to list every page.');
}

export function register(parent: Command, f: Factory): void {
  withExamples(
    parent
      .command('pending')
      .description('List pending posts and comments, newest first (first page unless --all)'),
    [
      'fp moderation pending',
      'fp moderation pending --all --json',
      "fp moderation pending --all --json | jq -r '.[] | select(.type==\"comment\") | .id' | fp moderation approve comment -",
    ],
  )
    .option('--all', 'follow the cursors and list every pending item')
    .action((o: QueueOptions) => pendingRun(o, f));
}
