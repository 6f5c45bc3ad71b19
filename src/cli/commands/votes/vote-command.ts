import { UsageError } from '../../errors.js';
import { defineCommand, type CommandDef } from '../../framework/define-command.js';
import { parsePositiveInteger } from '../../parse.js';
import { userFlagResolve } from '../../resolve/user-flag.js';
import { resolveAnonymousId } from './anonymous-id.js';

interface VoteOptions {
  post?: string;
  /** A comment id: the vote goes to the comment (anonymous votes only, D-VOTE-KEY). */
  comment?: number;
  anonymous?: string;
  anonymousFrom?: string;
  /** The voter's UUID or integer id, resolved from what was typed. */
  user?: string | number;
}

/**
 * `votes add` and `votes remove`: one post or, with --comment, one comment; one voter: an anonymous
 * one given by id or e-mail, or a user of the portal with --user, on posts only (assumed operations,
 * D-USER-VOTE-ADD, D-USER-VOTE-REMOVE).
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
    args: [{ name: 'post', description: 'post key (leave it out with --comment)', optional: true, complete: 'posts' }],
    flags: [
      {
        flags: '--comment <id>',
        description: 'vote on this comment (numeric id) instead of a post: anonymous votes only',
        parse: parsePositiveInteger,
      },
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
      `fp votes ${spec.name} --comment 1 --anonymous-from jane@example.com`,
    ],
    async run({ opts, client }) {
      const item = votedItem(opts);
      if (opts.user !== undefined) {
        if (opts.anonymous !== undefined || opts.anonymousFrom !== undefined)
          throw new UsageError('use either --user or --anonymous/--anonymous-from, not both');
        if (opts.comment !== undefined)
          throw new UsageError('--user votes on posts only: vote on a comment with --anonymous or --anonymous-from');
        const res = await (await client()).call(byUser, { params: { key: item.key, user: String(opts.user) } });
        return { done: spec.done(item.name, `user ${opts.user}`), data: 'data' in res ? res.data : res };
      }
      const anonymousId = resolveAnonymousId(opts);
      const res = await (await client()).call(anonymous, { params: { key: item.key, anonymous_id: anonymousId } });
      return { done: spec.done(item.name, `anonymous ${anonymousId}`), data: 'data' in res ? res.data : res };
    },
  });
}

/** The post or the comment voted on: the route's key is the post key or the comment's id (D-VOTE-KEY). */
function votedItem(opts: VoteOptions): { key: string; name: string } {
  if (opts.post !== undefined && opts.comment !== undefined)
    throw new UsageError('use either a post key or --comment, not both');
  if (opts.comment !== undefined) return { key: String(opts.comment), name: `comment ${opts.comment}` };
  if (opts.post === undefined) throw new UsageError('missing item: pass a post key, or --comment ID');
  return { key: opts.post, name: opts.post };
}
