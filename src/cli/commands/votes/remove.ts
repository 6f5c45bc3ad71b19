import { defineCommand } from '../../framework/define-command.js';
import { resolveAnonymousId } from './anonymous-id.js';
import { postArg, voterFlags, type VoteOptions } from './voter-flags.js';

export default defineCommand<VoteOptions>({
  name: 'remove',
  endpoint: 'votes.removeAnonymous',
  description: "Revoke an anonymous user's vote on a post",
  args: [postArg],
  flags: voterFlags,
  examples: ['fp votes remove 22b56 --anonymous 5f4dcc3b5aa765d61d8327deb882cf99', 'fp votes remove 22b56 --anonymous-from jane@example.com'],
  async run({ opts, client }) {
    const anonymousId = resolveAnonymousId(opts);
    const res = await (await client()).call('votes.removeAnonymous', { params: { key: opts.post, anonymous_id: anonymousId } });
    return { done: `Removed the vote of anonymous ${anonymousId} from ${opts.post}.`, data: res };
  },
});
