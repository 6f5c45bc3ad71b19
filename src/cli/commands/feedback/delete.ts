import type { Command } from 'commander';
import { confirmDestructive } from '../../confirm.js';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';

export interface DeleteOptions {
  id: string;
  yes?: boolean;
}

export async function deleteRun(opts: DeleteOptions, f: Factory): Promise<void> {
  if (!(await confirmDestructive(f.io, `Delete feedback entry ${opts.id}?`, opts.yes))) return;
  const client = await f.client();
  const res = await client.call('feedback.delete', { params: { id: opts.id } });
  const out = await f.output();
  if (out.format === 'json' || out.format === 'ndjson') out.json(res);
  else f.status(`Deleted feedback entry ${opts.id}.`);
}

export function register(parent: Command, f: Factory): void {
  withExamples(parent.command('delete').description('Delete a feedback entry').argument('<id>', 'feedback entry id'), [
    'fp feedback delete fb-2',
    'fp feedback delete fb-2 --yes',
  ])
    .option('-y, --yes', 'do not ask for confirmation')
    .action((id: string, o: { yes?: boolean }) => deleteRun({ id, yes: o.yes }, f));
}
