import * as z from 'zod';
import { lazily } from '../lazily.js';
import { commonSchemas } from './common.js';
import { userSchemas } from './user.js';

/** Built on first use: a command builds the schemas of the resources it calls only. */
export const voteSchemas = lazily(() => {
  const { Timestamp } = commonSchemas();

  const AnonymousVoteSchema = z.looseObject({
    created_at: Timestamp,
    voter: z.string().nullable(),
  });

  /** A user's vote, shaped as the webhook's `vote` object: `id`, `created_at` and the `voter`. */
  const UserVoteSchema = z.looseObject({
    id: z.number().int(),
    created_at: Timestamp,
    voter: userSchemas().PortalUserSchema,
  });

  return { AnonymousVoteSchema, UserVoteSchema };
});

type VoteSchemas = ReturnType<typeof voteSchemas>;

export type UserVote = z.infer<VoteSchemas['UserVoteSchema']>;
