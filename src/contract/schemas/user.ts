import * as z from 'zod';
import { lazily } from '../lazily.js';
import { publicText } from '../public-text.js';
import { withJsonShape } from '../json-shape.js';
import {
  emailString,
  INTEGER_OR_DIGITS,
  integerField,
  NOT_BLANK_TEXT,
  oneOf,
  optionalString,
  requiredString,
} from '../validation.js';
import { commonSchemas } from './common.js';

/** Built on first use: a command builds the schemas of the resources it calls only. */
export const userSchemas = lazily(() => {
  const { NullableTimestamp, Timestamp } = commonSchemas();

  const Counters = {
    counter_votes: z.number().int(),
    counter_comments: z.number().int(),
    counter_posts: z.number().int(),
    counter_comment_votes: z.number().int(),
  };

  /** Author embedded in a comment; some responses add counters and created_at. */
  const AuthorSchema = z.looseObject({
    id: z.string(),
    database_id: z.number().int(),
    name: publicText(z.string()),
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
  const UserSchema = z.looseObject({
    id: z.string(),
    database_id: z.number().int().optional(),
    name: publicText(z.string()),
    role: z.string(),
    profile_url: z.string(),
    avatar_small_url: z.string(),
    ...Counters,
    created_at: Timestamp,
  });

  /** Author embedded in a post list item. */
  const PostAuthorSchema = z.looseObject({
    id: z.string(),
    name: publicText(z.string()),
    email: z.string(),
    role: z.string(),
    ...Counters,
  });

  /** A user of the portal as the user operations show it: the group-member record with its integer id and e-mail. */
  const PortalUserSchema = UserSchema.extend({
    database_id: z.number().int(),
    email: z.string(),
    /** Blocked users cannot vote, comment or post (D-USER-BULK); absent where a portal does not say. */
    blocked: z.boolean().optional(),
  });

  /** The user list pages as the post list does: `skip` and `limit` in, `hasMore` and `total` out. */
  const UserListQuerySchema = z.object({
    limit: integerField('limit', { min: 1, max: 100 }).optional(),
    skip: integerField('skip', { min: 0 }).optional(),
  });

  const UserListResponseSchema = z.looseObject({
    data: z.array(PortalUserSchema),
    hasMore: z.boolean(),
    total: z.number().int(),
    skip: z.number().int(),
    limit: z.number().int(),
  });

  const UserFindQuerySchema = z.object({ email: emailString('email') });

  return {
    AuthorSchema,
    UserSchema,
    PostAuthorSchema,
    PortalUserSchema,
    UserListQuerySchema,
    UserListResponseSchema,
    UserFindQuerySchema,
  };
});

/** The roles a user can be given (D-USER-WRITE): the seed's staff roles and `user`, an end user. */
export const USER_ROLES = ['admin', 'moderator', 'member', 'user'] as const;

/** The bodies of the user writes (D-USER-WRITE), built on first use. */
export const userWriteSchemas = lazily(() => {
  /**
   * An invitation (D-USER-WRITE, U2): `name` and `email` required, `role` defaults to `user`.
   * `password` and `invitation_message` are taken and checked as the hosted plugin sends them;
   * the reference server stores neither.
   */
  const UserCreateBodySchema = z.object({
    name: requiredString('name', { max: 255 }),
    email: emailString('email'),
    role: oneOf('role', USER_ROLES).optional(),
    invitation_message: optionalString('invitation_message', { max: 5000 }),
    password: optionalString('password', { min: 8, max: 255 }),
  });

  /** Only the fields sent change (D-USER-WRITE, U4). */
  const UserUpdateBodySchema = z.object({
    name: requiredString('name', { max: 255 }).optional(),
    email: emailString('email').optional(),
    role: oneOf('role', USER_ROLES).optional(),
  });

  /** A user of a bulk list: the UUID key or the integer id (D-USER-BULK). */
  const BulkUserRef = withJsonShape(
    z.union([z.string().min(1), z.number().int()], {
      error: 'Each user id must be a UUID key or an integer id.',
    }),
    { anyOf: [{ type: 'string', pattern: NOT_BLANK_TEXT }, INTEGER_OR_DIGITS.anyOf[0]] },
  );

  /** U7-U9 (D-USER-BULK): `user_ids`, 1 to 100 users. */
  const UserBulkBodySchema = z.object({
    user_ids: z
      .array(BulkUserRef, { error: 'The user ids field is required.' })
      .min(1, { error: 'The user ids field is required.' })
      .max(100, { error: 'The user ids field must not have more than 100 items.' }),
  });

  /** What a bulk user operation answers (the hosted shape: `success`, `count`, `message`). */
  const UserBulkResponseSchema = z.looseObject({ success: z.boolean(), count: z.number().int(), message: z.string() });

  return { UserCreateBodySchema, UserUpdateBodySchema, UserBulkBodySchema, UserBulkResponseSchema };
});

/** The user filter lists (D-USER-FILTERS, U10-U12), built on first use. */
export const userFilterSchemas = lazily(() => {
  /** A group or a plan a user list can be filtered by. */
  const UserFilterOptionSchema = z.looseObject({ id: z.string(), name: z.string() });

  /** A segment or metadata key in use: `type` says whether its values are numbers or text. */
  const SegmentKeySchema = z.looseObject({ key: z.string(), label: z.string(), type: z.enum(['string', 'number']) });

  return { UserFilterOptionSchema, SegmentKeySchema };
});

type UserSchemas = ReturnType<typeof userSchemas>;

export type Author = z.infer<UserSchemas['AuthorSchema']>;
export type User = z.infer<UserSchemas['UserSchema']>;
export type PostAuthor = z.infer<UserSchemas['PostAuthorSchema']>;
export type PortalUser = z.infer<UserSchemas['PortalUserSchema']>;
export type UserCreateBody = z.infer<ReturnType<typeof userWriteSchemas>['UserCreateBodySchema']>;
export type UserUpdateBody = z.infer<ReturnType<typeof userWriteSchemas>['UserUpdateBodySchema']>;
export type UserBulkBody = z.infer<ReturnType<typeof userWriteSchemas>['UserBulkBodySchema']>;
