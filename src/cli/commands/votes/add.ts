import { defineCommand } from '../../framework/define-command.js';
import { resolveAnonymousId } from './anonymous-id.js';
import { postArg, voterFlags, type VoteOptions } from './voter-flags.js';

export default defineCommand<VoteOptions>({
  name: 'add',
  endpoint: 'votes.addAnonymous',
  description: 'Vote for a post as an anonymous user (one vote per anonymous id)',
  args: [postArg],
  flags: voterFlags,
  examples: ['fp votes add 22b56 --anonymous 5f4dcc3b5aa765d61d8327deb882cf99', 'fp votes add 22b56 --anonymous-from jane@example.com'],
  async run({ opts, client }) {
    const anonymousId = resolveAnonymousId(opts);
    const { data } = await (await client()).call('votes.addAnonymous', { params: { key: opts.post, anonymous_id: anonymousId } });
    return { done: `Voted for ${opts.post} as anonymous ${anonymousId}.`, data };
  },
});
