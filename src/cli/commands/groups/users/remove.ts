import type { ApiClient } from '../../../../client/api-client.js';
import { defineCommand } from '../../../framework/define-command.js';
import { pickNamed } from '../../../resolve/by-name.js';
import { isUuid, resolveGroup } from '../../../resolve/group.js';
import { groupArg } from '../group-arg.js';

/**
 * The member to remove, from the group's member list: by integer id, UUID or name. The API
 * removes by integer id only, so a UUID or name becomes the member's database_id.
 */
async function findMember(client: ApiClient, groupRef: string, user: string) {
  const group = await resolveGroup(client, groupRef);
  const { data: members } = await client.call('groups.listUsers', { params: { group: group.id } });
  const member = /^\d+$/.test(user)
    ? members.find((u) => u.database_id === Number(user))
    : isUuid(user)
      ? members.find((u) => u.id.toLowerCase() === user.toLowerCase())
      : pickNamed(members, user, { kind: 'member', flag: 'USER', plural: `members of "${group.name}"` });
  if (/^\d+$/.test(user)) return { group, member, userId: Number(user) };
  if (!member) throw new Error(`user ${user} is not a member of "${group.name}"`);
  if (member.database_id === undefined)
    throw new Error(`the portal does not show the integer id of ${member.name}; pass it instead of the UUID`);
  return { group, member, userId: member.database_id };
}

export default defineCommand<{ group: string; user: string }>({
  name: 'remove',
  endpoint: 'groups.removeUser',
  description: 'Remove a user from a group (the account stays)',
  args: [groupArg, { name: 'user', description: "the member's integer id, UUID or name", complete: 'users' }],
  examples: [
    'fp groups users remove "Beta testers" 4 --yes',
    'fp groups users remove "Beta testers" "Sofia Rossi" --yes',
  ],
  async confirm({ opts, client, once }) {
    const { group, member, userId } = await once('member', async () =>
      findMember(await client(), opts.group, opts.user),
    );
    return `Remove ${member ? `${member.name} (${userId})` : `user ${userId}`} from group "${group.name}"?`;
  },
  async run({ opts, client, once }) {
    const c = await client();
    const { group, userId } = await once('member', async () => findMember(c, opts.group, opts.user));
    const res = await c.call('groups.removeUser', { params: { group: group.id }, body: { user_id: userId } });
    return { done: res.message, data: res };
  },
});
