import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import { categoryColumns } from './columns.js';

export async function listRun(f: Factory): Promise<void> {
  const client = await f.client();
  const { data } = await client.call('categories.list', {});
  await (await f.output()).list(data, categoryColumns, { empty: 'No categories.' });
}

export function register(parent: Command, f: Factory): void {
  withExamples(parent.command('list').description('List categories'), ['fp categories list', 'fp categories list --json']).action(() =>
    listRun(f),
  );
}
