import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import { groupColumns } from './columns.js';

export async function listRun(f: Factory): Promise<void> {
  const client = await f.client();
  const { data } = await client.call('groups.list', {});
  await (await f.output()).list(data, groupColumns, { empty: 'No groups.' });
}

export function register(parent: Command, f: Factory): void {
  withExamples(parent.command('list').description('List user groups'), ['fp groups list', 'fp groups list --json']).action(() =>
    listRun(f),
  );
}
