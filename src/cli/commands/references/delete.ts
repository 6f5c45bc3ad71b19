import type { Command } from 'commander';
import { confirmDestructive } from '../../confirm.js';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import { parsePositiveInteger } from '../../parse.js';

export interface DeleteOptions {
  id: number;
  yes?: boolean;
}

export async function deleteRun(opts: DeleteOptions, f: Factory): Promise<void> {
  if (!(await confirmDestructive(f.io, `Delete reference ${opts.id}?`, opts.yes))) return;
  const client = await f.client();
  const res = await client.call('references.delete', { params: { id: opts.id } });
  const out = await f.output();
  if (out.format === 'json' || out.format === 'ndjson') out.json(res);
  else f.status(`Deleted reference ${opts.id}.`);
}

export function register(parent: Command, f: Factory): void {
  withExamples(
    parent.command('delete').description('Delete a reference').argument('<id>', 'numeric reference id', parsePositiveInteger),
    ['fp references delete 7', 'fp references delete 7 --yes'],
  )
    .option('-y, --yes', 'do not ask for confirmation')
    .action((id: number, o: { yes?: boolean }) => deleteRun({ id, yes: o.yes }, f));
}
