import * as z from 'zod';
import { lazily } from '../lazily.js';
import { publicText } from '../public-text.js';
import { integerField } from '../validation.js';
import { commentSchemas } from './comment.js';
import { commonSchemas } from './common.js';
import { userSchemas } from './user.js';

export const MODERATION_PAGE_SIZE = 20;

/** The items of the moderation queues. */
const moderationItemSchemas = lazily(() => {
  const { ModerationStatusSchema } = commentSchemas();
  const { NullableTimestamp, Timestamp } = commonSchemas();

  /**
   * Items in the moderation queues; see docs/decisions.md (comments and moderation) for the chosen
   * shapes. Their author is named by `id` and `name`; the rest of a comment author's fields may
   * come too (the reference server sends them).
   */
  const ModerationAuthorSchema = userSchemas().AuthorSchema.partial().required({ id: true, name: true });

  const ModerationPostSchema = z.looseObject({
    type: z.literal('post'),
    id: z.string(),
    database_id: z.number().int(),
    title: publicText(z.string()),
    excerpt: publicText(z.string()),
    author: ModerationAuthorSchema,
    moderation_status: ModerationStatusSchema,
    created_at: Timestamp,
    url: z.string(),
    moderated_by: z.string().nullable(),
    moderated_at: NullableTimestamp,
  });

  const ModerationCommentSchema = z.looseObject({
    type: z.literal('comment'),
    id: z.number().int(),
    comment: publicText(z.string()),
    excerpt: publicText(z.string()),
    author: ModerationAuthorSchema,
    post: z.looseObject({ id: z.string(), title: publicText(z.string()) }),
    parent_id: z.number().int().nullable(),
    moderation_status: ModerationStatusSchema,
    created_at: Timestamp,
    url: z.string(),
    moderated_by: z.string().nullable(),
    moderated_at: NullableTimestamp,
  });

  return { ModerationPostSchema, ModerationCommentSchema };
});

/** Built on first use: a command builds the schemas of the resources it calls only. */
export const moderationSchemas = lazily(() => {
  const { ModerationPostSchema, ModerationCommentSchema } = moderationItemSchemas();

  /**
   * Cursors: each collection keeps only items with a smaller id than its cursor
   * (posts by `database_id`). Send both cursors from the previous page's meta.
   */
  const ModerationPendingQuerySchema = z.object({
    last_post_id: integerField('last_post_id').optional(),
    last_comment_id: integerField('last_comment_id').optional(),
  });

  /**
   * Pending queue page: newest first by id. `meta.last_post_id` / `last_comment_id`
   * are the cursors to send next: the last id on this page, or the cursor that was
   * sent when this page of that collection is empty (null when there is none).
   */
  const ModerationPendingResponseSchema = z.looseObject({
    data: z.looseObject({ posts: z.array(ModerationPostSchema), comments: z.array(ModerationCommentSchema) }),
    meta: z.looseObject({
      per_page: z.number().int(),
      has_more_posts: z.boolean(),
      has_more_comments: z.boolean(),
      last_post_id: z.number().int().nullable(),
      last_comment_id: z.number().int().nullable(),
    }),
  });

  const ModerationRejectedQuerySchema = z.object({
    page: integerField('page', { min: 1 }).optional(),
  });

  const ModerationRejectedResponseSchema = z.looseObject({
    data: z.looseObject({ posts: z.array(ModerationPostSchema), comments: z.array(ModerationCommentSchema) }),
    meta: z.looseObject({
      current_page: z.number().int(),
      per_page: z.number().int(),
      has_more_posts: z.boolean(),
      has_more_comments: z.boolean(),
    }),
  });

  const ModerationTypeSchema = z.enum(['post', 'comment']);

  const ModerationActionResponseSchema = z.looseObject({
    message: z.string(),
    data: z.union([ModerationPostSchema, ModerationCommentSchema]),
  });

  return {
    ModerationPostSchema,
    ModerationCommentSchema,
    ModerationPendingQuerySchema,
    ModerationPendingResponseSchema,
    ModerationRejectedQuerySchema,
    ModerationRejectedResponseSchema,
    ModerationTypeSchema,
    ModerationActionResponseSchema,
  };
});

type ModerationSchemas = ReturnType<typeof moderationSchemas>;

export type ModerationPost = z.infer<ModerationSchemas['ModerationPostSchema']>;
export type ModerationComment = z.infer<ModerationSchemas['ModerationCommentSchema']>;
export type ModerationItem = ModerationPost | ModerationComment;
export type ModerationType = z.infer<ModerationSchemas['ModerationTypeSchema']>;
