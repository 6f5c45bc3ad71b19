import type { Group } from '../../../contract/schemas/group.js';
import { defineCommand } from '../../framework/define-command.js';
import { pacedClient } from '../../snapshot/paced-client.js';
import { HOSTED_RATE, Pacer, type Rate } from '../../snapshot/pacer.js';
import { counted } from '../../output/counted.js';
import { rateFlag } from '../../snapshot/rate-flag.js';
import { userGroupColumns } from './columns.js';
import { userArg, userOf } from './user-arg.js';

/**
 * "Which groups is this user in?": the API has no such operation, so the answer comes from the
 * group list and each group's member list, paced like `fp portal snapshot` (one request per
 * group). With --debug the number of requests made is said on stderr.
 */
export default defineCommand<{ user: string; rate?: Rate | null }>({
  name: 'groups',
  endpoint: 'groups.listUsers',
  description: 'List the groups a user is in (read from the group lists, paced)',
  args: [userArg],
  flags: [rateFlag],
  columns: userGroupColumns,
  keepsNames: ['groups'],
  examples: ['fp users groups "Tom Becker"', 'fp users groups tom.becker@acme.test --rate off --debug'],
  async run(ctx) {
    const user = await userOf(ctx);
    const paced = pacedClient(
      await ctx.client(),
      new Pacer(ctx.opts.rate === undefined ? HOSTED_RATE : ctx.opts.rate),
      {
        onWait: (s) => ctx.status(`rate limited: waiting ${s}s`),
      },
    );
    const { data: groups } = await paced.client.call('groups.list', {});
    const member: Group[] = [];
    for (const group of groups) {
      const { data } = await paced.client.call('groups.listUsers', { params: { group: group.id } });
      if (data.some((u) => u.id.toLowerCase() === user.id.toLowerCase())) member.push(group);
    }
    const debug = ctx.f.globals().debug || ctx.f.io.env.FP_DEBUG === '1';
    if (debug)
      ctx.status(`users groups: ${counted(paced.requests(), 'request')} for ${counted(groups.length, 'group')}`);
    return { list: member, empty: `${user.name} is in no group.` };
  },
});
