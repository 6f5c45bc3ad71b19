import type { Command } from 'commander';
import { confirmDestructive } from '../../../confirm.js';
import type { Factory } from '../../../factory.js';
import { withExamples } from '../../../help.js';
import { resolveGroup } from '../../../resolve/group.js';
import { userRef } from './add.js';

export interface UsersRemoveOptions {
  group: string;
  /** The user's UUID key or integer id. */
  user: string;
  yes?: boolean;
}

/**
 * The API removes by integer id only; a UUID is turned into the member's database_id
 * from the group's member list (which also names the user in the question).
 */
export async function usersRemoveRun(opts: UsersRemoveOptions, f: Factory): Promise<void> {
  const ref = userRef(opts.user);
  const client = await f.client();
  const group = await resolveGroup(client, opts.group);
  const { data: members } = await client.call('groups.listUsers', { params: { group: group.id } });
  const member =
    typeof ref === 'number' ? members.find((u) => u.database_id === ref) : members.find((u) => u.id.toLowerCase() === ref.toLowerCase());
  let userId: number;
  if (typeof ref === 'number') userId = ref;
  else if (!member) throw new Error(`user ${ref} is not a member of "${group.name}"`);
  else if (member.database_id === undefined) throw new Error(`the portal does not show the integer id of ${member.name}; pass it instead of the UUID`);
  else userId = member.database_id;

  const who = member ? `${member.name} (${userId})` : `user ${userId}`;
  if (!(await confirmDestructive(f.io, `Remove ${who} from group "${group.name}"?`, opts.yes))) return;
  const res = await client.call('groups.removeUser', { params: { group: group.id }, body: { user_id: userId } });
  const out = await f.output();
  if (out.format === 'json' || out.format === 'ndjson') out.json(res);
  else f.status(res.message);
}

export function register(parent: Command, f: Factory): void {
  withExamples(
    parent
      .command('remove')
      .description('Remove a user from a group (the account stays)')
      .argument('<group>', 'group id (UUID) or unique name')
      .argument('<user>', "the user's integer id or UUID")
      .addHelpText('after', '\nAsks for confirmation on a terminal; without one, --yes is required (exit 2 otherwise).'),
    ['fp groups users remove "Beta testers" 2', 'fp groups users remove "Beta testers" 22222222-2222-4222-8222-222222222222 --yes'],
  )
    .option('-y, --yes', 'do not ask for confirmation')
    .action((group: string, user: string, o: { yes?: boolean }) => usersRemoveRun({ group, user, yes: o.yes }, f));
}
