import type { Command } from 'commander';
import { UsageError } from '../../../errors.js';
import type { Factory } from '../../../factory.js';
import { withExamples } from '../../../help.js';
import { isUuid, resolveGroup } from '../../../resolve/group.js';

export interface UsersAddOptions {
  group: string;
  /** The user's UUID key or integer id. */
  user: string;
}

/** A user reference as the API takes it: the UUID key as is, an integer id as a number. */
export function userRef(user: string): string | number {
  if (/^\d+$/.test(user)) return Number(user);
  if (isUuid(user)) return user;
  throw new UsageError(`invalid user "${user}": expected the user's UUID or integer id`);
}

export async function usersAddRun(opts: UsersAddOptions, f: Factory): Promise<void> {
  const user_id = userRef(opts.user);
  const client = await f.client();
  const group = await resolveGroup(client, opts.group);
  const res = await client.call('groups.addUser', { params: { group: group.id }, body: { user_id } });
  const out = await f.output();
  if (out.format === 'json' || out.format === 'ndjson') out.json(res);
  else f.status(res.message);
}

export function register(parent: Command, f: Factory): void {
  withExamples(
    parent
      .command('add')
      .description('Add a user to a group')
      .argument('<group>', 'group id (UUID) or unique name')
      .argument('<user>', "the user's UUID (preferred) or integer id"),
    ['fp groups users add "Beta testers" 22222222-2222-4222-8222-222222222222', 'fp groups users add "Beta testers" 3'],
  ).action((group: string, user: string) => usersAddRun({ group, user }, f));
}
