import * as z from 'zod';
import { lazily } from '../lazily.js';
import { commonSchemas } from './common.js';

/** Built on first use: a command builds the schemas of the resources it calls only. */
export const voteSchemas = lazily(() => {
  const { Timestamp } = commonSchemas();

  const AnonymousVoteSchema = z.looseObject({
    created_at: Timestamp,
    voter: z.string().nullable(),
  });

  return { AnonymousVoteSchema };
});

type VoteSchemas = ReturnType<typeof voteSchemas>;

export type AnonymousVote = z.infer<VoteSchemas['AnonymousVoteSchema']>;
