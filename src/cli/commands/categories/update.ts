import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import { UsageError } from '../../errors.js';
import { resolveCategory } from '../../resolve/category.js';
import { categoryColumns } from './columns.js';

export interface UpdateOptions {
  category: string;
  name?: string;
  color?: string;
}

/** The API needs both fields: the one not given is filled in from the current category. */
export async function updateRun(opts: UpdateOptions, f: Factory): Promise<void> {
  if (opts.name === undefined && opts.color === undefined) throw new UsageError('nothing to update: pass --name and/or --color');
  const client = await f.client();
  const current = await resolveCategory(client, opts.category);
  const { data } = await client.call('categories.update', {
    params: { id: current.id ?? opts.category },
    body: { name: opts.name ?? current.name, color: opts.color ?? current.color },
  });
  await (await f.output()).item(data, categoryColumns);
}

export function register(parent: Command, f: Factory): void {
  withExamples(
    parent.command('update').description('Rename or recolour a category').argument('<category>', 'category id or unique name'),
    ['fp categories update 3 --color "#ff8800"', 'fp categories update Integrations --name "Integrations & API"'],
  )
    .option('--name <name>', 'new name')
    .option('--color <hex>', 'new colour as #RRGGBB')
    .action((category: string, o: { name?: string; color?: string }) => updateRun({ category, ...o }, f));
}
