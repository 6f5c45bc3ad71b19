import * as z from 'zod';
import { Timestamp } from './common.js';

export const AnonymousVoteSchema = z.looseObject({
  created_at: Timestamp,
  voter: z.string().nullable(),
});

export type AnonymousVote = z.infer<typeof AnonymousVoteSchema>;
