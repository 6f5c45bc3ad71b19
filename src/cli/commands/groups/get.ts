import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import { resolveGroup } from '../../resolve/group.js';
import { groupFields } from './columns.js';

export interface GetOptions {
  group: string;
}

export async function getRun(opts: GetOptions, f: Factory): Promise<void> {
  const client = await f.client();
  const group = await resolveGroup(client, opts.group);
  await (await f.output()).item(group, groupFields);
}

export function register(parent: Command, f: Factory): void {
  withExamples(parent.command('get').description('Show a group').argument('<group>', 'group id (UUID) or unique name'), [
    'fp groups get "Beta testers"',
    'fp groups get aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa --json',
  ]).action((group: string) => getRun({ group }, f));
}
