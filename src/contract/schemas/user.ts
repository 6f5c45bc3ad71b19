import * as z from 'zod';
import { NullableTimestamp, Timestamp } from './common.js';

const Counters = {
  counter_votes: z.number().int(),
  counter_comments: z.number().int(),
  counter_posts: z.number().int(),
  counter_comment_votes: z.number().int(),
};

/** Author embedded in a comment; some responses add counters and created_at. */
export const AuthorSchema = z.looseObject({
  id: z.string(),
  database_id: z.number().int(),
  name: z.string(),
  role: z.string(),
  profile_url: z.string(),
  avatar_small_url: z.string(),
  counter_votes: Counters.counter_votes.optional(),
  counter_comments: Counters.counter_comments.optional(),
  counter_posts: Counters.counter_posts.optional(),
  counter_comment_votes: Counters.counter_comment_votes.optional(),
  created_at: NullableTimestamp.optional(),
});

/** A user as listed in a group. */
export const UserSchema = z.looseObject({
  id: z.string(),
  database_id: z.number().int().optional(),
  name: z.string(),
  role: z.string(),
  profile_url: z.string(),
  avatar_small_url: z.string(),
  ...Counters,
  created_at: Timestamp,
});

/** Author embedded in a post list item. */
export const PostAuthorSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  ...Counters,
});

export type Author = z.infer<typeof AuthorSchema>;
export type User = z.infer<typeof UserSchema>;
export type PostAuthor = z.infer<typeof PostAuthorSchema>;
