import type { Command } from 'commander';
import type { Factory } from '../../../factory.js';
import { withExamples } from '../../../help.js';
import { resolveGroup } from '../../../resolve/group.js';
import { userColumns } from '../columns.js';

export interface UsersListOptions {
  group: string;
}

export async function usersListRun(opts: UsersListOptions, f: Factory): Promise<void> {
  const client = await f.client();
  const group = await resolveGroup(client, opts.group);
  const { data } = await client.call('groups.listUsers', { params: { group: group.id } });
  await (await f.output()).list(data, userColumns, { empty: `No users in "${group.name}".` });
}

export function register(parent: Command, f: Factory): void {
  withExamples(parent.command('list').description('List the members of a group').argument('<group>', 'group id (UUID) or unique name'), [
    'fp groups users list "Beta testers"',
    'fp groups users list "Beta testers" --json | jq -r ".[].id"',
  ]).action((group: string) => usersListRun({ group }, f));
}
