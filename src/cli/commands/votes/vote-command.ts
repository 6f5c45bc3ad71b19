import { UsageError } from '../../errors.js';
import { defineCommand, type CommandDef } from '../../framework/define-command.js';
import { userFlagResolve } from '../../resolve/user-flag.js';
import { resolveAnonymousId } from './anonymous-id.js';

interface VoteOptions {
  post: string;
  anonymous?: string;
  anonymousFrom?: string;
  /** The voter's UUID or integer id, resolved from what was typed. */
  user?: string | number;
}

/**
 * `votes add` and `votes remove`: one post, one voter: an anonymous one given by id or e-mail,
 * or a user of the portal with --user (assumed operations, D-USER-VOTE-ADD, D-USER-VOTE-REMOVE).
 */
export function voteCommand(spec: {
  name: 'add' | 'remove';
  description: string;
  done: (post: string, voter: string) => string;
}): CommandDef {
  const anonymous = spec.name === 'add' ? 'votes.addAnonymous' : 'votes.removeAnonymous';
  const byUser = spec.name === 'add' ? 'votes.add' : 'votes.remove';
  return defineCommand<VoteOptions>({
    name: spec.name,
    endpoint: anonymous,
    description: spec.description,
    args: [{ name: 'post', description: 'post key', complete: 'posts' }],
    flags: [
      { flags: '--anonymous <id>', description: 'anonymous voter id (the widget uses an MD5 hex of the e-mail)' },
      {
        flags: '--anonymous-from <email>',
        description: 'derive the anonymous id from an e-mail: MD5 hex of the trimmed, lower-cased address',
      },
      {
        flags: '--user <user>',
        description: 'vote as this user of the portal: UUID, integer id, e-mail or name',
        resolve: userFlagResolve,
        complete: 'users',
      },
    ],
    examples: [
      `fp votes ${spec.name} exec8 --anonymous 5f4dcc3b5aa765d61d8327deb882cf99`,
      `fp votes ${spec.name} exec8 --anonymous-from jane@example.com`,
      `fp votes ${spec.name} exec8 --user sofia.rossi@acme.test`,
    ],
    async run({ opts, client }) {
      const c = await client();
      if (opts.user !== undefined) {
        if (opts.anonymous !== undefined || opts.anonymousFrom !== undefined)
          throw new UsageError('use either --user or --anonymous/--anonymous-from, not both');
        const res = await c.call(byUser, { params: { key: opts.post, user: String(opts.user) } });
        return { done: spec.done(opts.post, `user ${opts.user}`), data: 'data' in res ? res.data : res };
      }
      const anonymousId = resolveAnonymousId(opts);
      const res = await c.call(anonymous, { params: { key: opts.post, anonymous_id: anonymousId } });
      return { done: spec.done(opts.post, `anonymous ${anonymousId}`), data: 'data' in res ? res.data : res };
    },
  });
}
