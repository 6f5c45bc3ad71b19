import * as z from 'zod';
import { lazily } from '../lazily.js';
import { publicText } from '../public-text.js';
import { withJsonShape } from '../json-shape.js';
import { dateString, INTEGER_OR_DIGITS, looseBoolean, requiredString, uuidString } from '../validation.js';
import { commonSchemas } from './common.js';
import { userSchemas } from './user.js';

const PARENT_ID_INTEGER = 'The parent id field must be an integer.';

/** Built on first use: a command builds the schemas of the resources it calls only. */
export const commentSchemas = lazily(() => {
  const { NullableTimestamp } = commonSchemas();
  const { AuthorSchema } = userSchemas();

  const ModerationStatusSchema = z.enum(['pending', 'approved', 'rejected']);

  const CommentSchema = z.looseObject({
    id: z.number().int().nullable(),
    comment: publicText(z.string()),
    formatted_comment: publicText(z.string()),
    author: AuthorSchema,
    pinned_to_top: z.boolean(),
    tagged_for_changelog: z.boolean(),
    is_ai: z.boolean(),
    moderation_status: ModerationStatusSchema.nullable(),
    parent_id: z.number().int().nullable(),
    votes_count: z.number().int(),
    user_has_voted: z.boolean(),
    can_edit: z.boolean(),
    can_delete: z.boolean(),
    created_at: NullableTimestamp,
    updated_at: NullableTimestamp,
    url: z.string(),
    source_locale: z.string().nullable(),
    is_translated: z.boolean(),
    original_html: publicText(z.string()).nullable(),
  });

  const parentId = withJsonShape(
    z
      .union(
        [z.number().int({ error: PARENT_ID_INTEGER }), z.string().regex(/^[0-9]+$/, { error: PARENT_ID_INTEGER })],
        { error: PARENT_ID_INTEGER },
      )
      .transform((v) => Number(v)),
    INTEGER_OR_DIGITS,
  ).nullish();

  const commonFields = {
    comment: requiredString('comment', { min: 3, max: 6000 }),
    parent_id: parentId,
    tagged_for_changelog: looseBoolean('tagged_for_changelog'),
    pinned_to_top: looseBoolean('pinned_to_top'),
    created_at: dateString('created_at').nullish(),
    use_for_changelog: looseBoolean('use_for_changelog'),
    pin_to_top: looseBoolean('pin_to_top'),
  };

  const CommentCreateBodySchema = z.object({
    user_id: uuidString('user_id'),
    ...commonFields,
    silent: looseBoolean('silent'),
  });

  /** `silent` is not accepted on update: it is dropped like any unknown field. */
  const CommentUpdateBodySchema = z.object(commonFields);

  return { ModerationStatusSchema, CommentSchema, CommentCreateBodySchema, CommentUpdateBodySchema };
});

type CommentSchemas = ReturnType<typeof commentSchemas>;

export type Comment = z.infer<CommentSchemas['CommentSchema']>;
export type CommentCreateBody = z.infer<CommentSchemas['CommentCreateBodySchema']>;
export type CommentUpdateBody = z.infer<CommentSchemas['CommentUpdateBodySchema']>;
