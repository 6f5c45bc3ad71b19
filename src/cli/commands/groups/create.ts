import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import { groupFields } from './columns.js';

export interface CreateOptions {
  name: string;
  description?: string;
}

export async function createRun(opts: CreateOptions, f: Factory): Promise<void> {
  const client = await f.client();
  const body = opts.description === undefined ? { name: opts.name } : { name: opts.name, description: opts.description };
  const { data } = await client.call('groups.create', { body });
  await (await f.output()).item(data, groupFields);
}

export function register(parent: Command, f: Factory): void {
  withExamples(parent.command('create').description('Create a user group').argument('<name>', 'group name (2-60 characters, unique)'), [
    'fp groups create "Beta testers"',
    'fp groups create Enterprise --description "Customers on the enterprise plan"',
  ])
    .option('--description <text>', 'what the group is for (at most 1000 characters)')
    .action((name: string, o: { description?: string }) => createRun({ name, description: o.description }, f));
}
