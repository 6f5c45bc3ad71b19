import type { Command } from 'commander';
import type { ModerationItem } from '../../../contract/schemas/moderation.js';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import { rejectedColumns } from './columns.js';
import type { QueueOptions } from './pending.js';

/** The first page of each collection, or with --all every page, streamed. */
export async function rejectedRun(opts: QueueOptions, f: Factory): Promise<void> {
  const client = await f.client();
  const out = await f.output();
  if (opts.all) {
    const { allRejected } = await import('../../../client/paginate.js');
    await out.list(allRejected(client), rejectedColumns, { empty: 'Nothing has been rejected.' });
    return;
  }
  const page = await client.call('moderation.rejected', {});
  const rows: ModerationItem[] = [...page.data.posts, ...page.data.comments];
  await out.list(rows, rejectedColumns, { empty: 'Nothing has been rejected.' });
  if (page.meta.has_more_posts || page.meta.has_more_comments) f.status('More items were rejected: pass --all to list every page.');
}

export function register(parent: Command, f: Factory): void {
  withExamples(
    parent.command('rejected').description('List rejected posts and comments, newest first (first page unless --all)'),
    ['fp moderation rejected', 'fp moderation rejected --all --format ndjson'],
  )
    .option('--all', 'list every page')
    .action((o: QueueOptions) => rejectedRun(o, f));
}
