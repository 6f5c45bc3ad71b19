import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import { threadColumns } from './columns.js';
import { threadOrder } from './thread.js';

export interface ListOptions {
  post: string;
}

/** JSON gets the server's flat list as is; people get the thread, replies under their parents. */
export async function listRun(opts: ListOptions, f: Factory): Promise<void> {
  const client = await f.client();
  const { data } = await client.call('comments.list', { params: { key: opts.post } });
  const out = await f.output();
  if (out.format === 'json' || out.format === 'ndjson') {
    await out.list(data, []);
    return;
  }
  await out.list(threadOrder(data), threadColumns, { empty: 'No comments.' });
}

export function register(parent: Command, f: Factory): void {
  withExamples(
    parent
      .command('list')
      .description('List the comments of a post, replies indented under their parents')
      .argument('<post>', 'post key (the short string id of the post)'),
    ['fp comments list dark1', "fp comments list dark1 --json | jq '.[] | select(.parent_id == null) | .id'"],
  ).action((post: string) => listRun({ post }, f));
}
