import type { Command } from 'commander';
import { confirmDestructive } from '../../confirm.js';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import { resolveCategory } from '../../resolve/category.js';

export interface DeleteOptions {
  category: string;
  yes?: boolean;
}

export async function deleteRun(opts: DeleteOptions, f: Factory): Promise<void> {
  const client = await f.client();
  const category = await resolveCategory(client, opts.category);
  if (!(await confirmDestructive(f.io, `Delete category "${category.name}" (${category.id})?`, opts.yes))) return;
  const res = await client.call('categories.delete', { params: { id: category.id ?? opts.category } });
  const out = await f.output();
  if (out.format === 'json' || out.format === 'ndjson') out.json(res);
  else f.status(res.message);
}

export function register(parent: Command, f: Factory): void {
  withExamples(
    parent.command('delete').description('Delete a category').argument('<category>', 'category id or unique name'),
    ['fp categories delete 3', 'fp categories delete Legacy --yes'],
  )
    .option('-y, --yes', 'do not ask for confirmation')
    .action((category: string, o: { yes?: boolean }) => deleteRun({ category, yes: o.yes }, f));
}
