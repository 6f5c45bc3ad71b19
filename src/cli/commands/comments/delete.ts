import type { Command } from 'commander';
import { confirmDestructive } from '../../confirm.js';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import { parsePositiveInteger } from '../../parse.js';

export interface DeleteOptions {
  id: number;
  yes?: boolean;
}

/** The service deletes the direct replies too (one level); replies to those become top-level comments. */
export async function deleteRun(opts: DeleteOptions, f: Factory): Promise<void> {
  if (!(await confirmDestructive(f.io, `Delete comment ${opts.id} and its direct replies?`, opts.yes))) return;
  const client = await f.client();
  const res = await client.call('comments.delete', { params: { id: opts.id } });
  const out = await f.output();
  if (out.format === 'json' || out.format === 'ndjson') out.json(res);
  else f.status(`Deleted comment ${opts.id} and its direct replies.`);
}

export function register(parent: Command, f: Factory): void {
  withExamples(
    parent
      .command('delete')
      .description('Delete a comment and its direct replies (replies to those replies stay, as top-level comments)')
      .argument('<id>', 'numeric comment id', parsePositiveInteger),
    ['fp comments delete 100', 'fp comments delete 100 --yes'],
  )
    .option('-y, --yes', 'do not ask for confirmation')
    .action((id: number, o: { yes?: boolean }) => deleteRun({ id, yes: o.yes }, f));
}
