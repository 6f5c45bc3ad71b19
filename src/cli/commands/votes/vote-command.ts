import { defineCommand, type CommandDef } from '../../framework/define-command.js';
import { resolveAnonymousId } from './anonymous-id.js';

interface VoteOptions {
  post: string;
  anonymous?: string;
  anonymousFrom?: string;
}

/** `votes add` and `votes remove`: one post, one anonymous voter given by id or e-mail. */
export function voteCommand(spec: {
  name: 'add' | 'remove';
  description: string;
  done: (post: string, id: string) => string;
}): CommandDef {
  const endpoint = spec.name === 'add' ? 'votes.addAnonymous' : 'votes.removeAnonymous';
  return defineCommand<VoteOptions>({
    name: spec.name,
    endpoint,
    description: spec.description,
    args: [{ name: 'post', description: 'post key', complete: 'posts' }],
    flags: [
      { flags: '--anonymous <id>', description: 'anonymous voter id (the widget uses an MD5 hex of the e-mail)' },
      {
        flags: '--anonymous-from <email>',
        description: 'derive the anonymous id from an e-mail: MD5 hex of the trimmed, lower-cased address',
      },
    ],
    examples: [
      `fp votes ${spec.name} exec8 --anonymous 5f4dcc3b5aa765d61d8327deb882cf99`,
      `fp votes ${spec.name} exec8 --anonymous-from jane@example.com`,
    ],
    async run({ opts, client }) {
      const anonymousId = resolveAnonymousId(opts);
      const res = await (await client()).call(endpoint, { params: { key: opts.post, anonymous_id: anonymousId } });
      return { done: spec.done(opts.post, anonymousId), data: 'data' in res ? res.data : res };
    },
  });
}
