import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import { categoryColumns } from './columns.js';

export interface CreateOptions {
  name: string;
  color?: string;
}

/** The API creates by name only; a colour is set with a follow-up update. */
export async function createRun(opts: CreateOptions, f: Factory): Promise<void> {
  const client = await f.client();
  if (opts.color !== undefined) {
    const { CategoryUpdateBodySchema } = await import('../../../contract/schemas/category.js');
    const { RequestValidationError } = await import('../../../client/errors.js');
    const { fieldErrors } = await import('../../../contract/validation.js');
    const checked = CategoryUpdateBodySchema.safeParse({ name: opts.name, color: opts.color });
    if (!checked.success) throw new RequestValidationError('The given data was invalid.', fieldErrors(checked.error));
  }
  let { data } = await client.call('categories.create', { body: { name: opts.name } });
  if (opts.color !== undefined && data.id !== null) {
    ({ data } = await client.call('categories.update', { params: { id: data.id }, body: { name: data.name, color: opts.color } }));
  }
  await (await f.output()).item(data, categoryColumns);
}

export function register(parent: Command, f: Factory): void {
  withExamples(
    parent.command('create').description('Create a category').argument('<name>', 'category name (2-60 characters, unique)'),
    ['fp categories create "Integrations"', 'fp categories create Mobile --color "#00aa55"'],
  )
    .option('--color <hex>', 'colour as #RRGGBB')
    .action((name: string, o: { color?: string }) => createRun({ name, color: o.color }, f));
}
