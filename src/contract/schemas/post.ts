import * as z from 'zod';
import { withJsonShape } from '../json-shape.js';
import { lazily } from '../lazily.js';
import { publicText } from '../public-text.js';
import { integerField, oneOf, optionalString, requiredString, uuidString } from '../validation.js';
import { commentSchemas } from './comment.js';
import { commonSchemas } from './common.js';
import { userSchemas } from './user.js';

export const POST_ORDER_BY = [
  'id',
  'title',
  'created_at',
  'updated_at',
  'content_updated_at',
  'votes_count',
  'comments_count',
  'latest_status_change',
  'latest_vote',
  'views',
  'sum_mrr',
  'sum_ltv',
  'order',
  'moscow_priority',
  'priority',
  'severity',
  'platform',
  'version',
  'release',
  'trending_score',
  'estimated_date',
  'is_published',
  'is_internal',
  'author',
  'post_type',
  'assigned_to',
  'section',
  'publish_at',
  'allow_comments',
  'jira_issue_key',
  'linear_issue_key',
] as const;

export const PLATFORMS = [
  'web',
  'windows',
  'linux',
  'macos',
  'ios',
  'android',
  'mobile',
  'api',
  'sdk',
  'playstation',
  'xbox',
  'nintendo_switch',
  'alexa',
  'google_assistant',
  'chrome_extension',
  'firefox_extension',
  'safari_extension',
  'edge_extension',
] as const;

const CUSTOM_FIELD = /^cf_[0-9]+$/;

/** The most a post description holds: a MySQL TEXT column. */
const POST_DESCRIPTION_MAX = 65_535;

const INTEGER_TEXT = /^-?[0-9]+$/;

const mustBeInteger = (field: string) => `The ${field.replace(/_/g, ' ')} field must be an integer.`;

const isIntegerInput = (v: string | number) =>
  typeof v === 'number' ? Number.isSafeInteger(v) : INTEGER_TEXT.test(v) && Number.isSafeInteger(Number(v));

/** One integer or an array of them (`status=1&status=2`, `status[]=1`), always an array after parsing. */
const manyIntegers = (field: string) =>
  withJsonShape(
    z
      .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))], { error: mustBeInteger(field) })
      .transform((v) => (Array.isArray(v) ? v : [v]))
      .refine((vs) => vs.every(isIntegerInput), { error: mustBeInteger(field) })
      .transform((vs) => vs.map(Number)),
    { type: 'array', items: { type: 'integer', minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER } },
  );

const queryString = (field: string) => z.string({ error: `The ${field.replace(/_/g, ' ')} field must be a string.` });

const manyStrings = (field: string) =>
  withJsonShape(
    z
      .union([z.string(), z.array(z.string())], {
        error: `The ${field.replace(/_/g, ' ')} field must be a string or an array.`,
      })
      .transform((v) => (Array.isArray(v) ? v : [v])),
    { type: 'array', items: { type: 'string' } },
  );

/** A post as the API answers it, whole and minimal. */
const postRecordSchemas = lazily(() => {
  const { ModerationStatusSchema } = commentSchemas();
  const { Timestamp } = commonSchemas();
  const { PostAuthorSchema } = userSchemas();

  const PostCategorySchema = z.looseObject({ id: z.number().int(), name: z.string(), color: z.string() });

  const PostStatusSchema = z.looseObject({
    id: z.number().int(),
    name: z.string(),
    color: z.string(),
    tab_name: z.string(),
  });

  const PostSchema = z.looseObject({
    id: z.string(),
    uid: z.string(),
    title: publicText(z.string()),
    description_short: publicText(z.string()),
    description: publicText(z.string()),
    description_changelog: z.string(),
    clean_description_changelog: z.string(),
    image_main: z.string(),
    votes_count: z.number().int(),
    comments_count: z.number().int(),
    views_count: z.number().int(),
    url: z.string(),
    url_edit: z.string(),
    url_delete: z.string(),
    created_at: Timestamp,
    updated_at: Timestamp,
    latest_status_change_at: Timestamp,
    latest_status_change_at_formatted: z.string(),
    author: PostAuthorSchema,
    categories: z.array(PostCategorySchema),
    status: PostStatusSchema.nullable(),
    section_id: z.number().int().nullable(),
    moderation_status: ModerationStatusSchema,
    conversion: z.number(),
    prioritization_impact: z.number().int(),
    prioritization_confidence: z.number().int(),
    prioritization_ease: z.number().int(),
    prioritization_reach: z.number().int(),
  });

  /** `format=minimal` items: the identifying fields only. */
  const PostMinimalSchema = PostSchema.pick({
    id: true,
    uid: true,
    title: true,
    url: true,
    votes_count: true,
    comments_count: true,
    created_at: true,
    moderation_status: true,
  }).loose();

  return { PostCategorySchema, PostStatusSchema, PostSchema, PostMinimalSchema };
});

/** Built on first use: a command builds the schemas of the resources it calls only. */
export const postSchemas = lazily(() => {
  const { PostCategorySchema, PostStatusSchema, PostSchema, PostMinimalSchema } = postRecordSchemas();

  const orderBy = withJsonShape(
    z
      .string({ error: 'The order by field must be a string.' })
      .refine((v) => (POST_ORDER_BY as readonly string[]).includes(v) || CUSTOM_FIELD.test(v), {
        error: 'The selected order by is invalid.',
      }),
    { type: 'string', anyOf: [{ enum: [...POST_ORDER_BY] }, { pattern: CUSTOM_FIELD.source }] },
  );

  const PostListQuerySchema = z.object({
    tab: queryString('tab').optional(),
    category: integerField('category').optional(),
    section: queryString('section').optional(),
    limit: integerField('limit', { min: 1, max: 100 }).optional(),
    skip: integerField('skip', { min: 0 }).optional(),
    status: manyIntegers('status').optional(),
    order_by: orderBy.optional(),
    order_direction: oneOf('order_direction', ['asc', 'desc']).optional(),
    platform: oneOf('platform', PLATFORMS).optional(),
    version: queryString('version').optional(),
    release: queryString('release').optional(),
    tag_id: manyStrings('tag_id').optional(),
    format: oneOf('format', ['full', 'minimal']).optional(),
    saved_query_id: integerField('saved_query_id').optional(),
  });

  const PostListResponseSchema = z.looseObject({
    data: z.array(z.union([PostSchema, PostMinimalSchema])),
    hasMore: z.boolean(),
    total: z.number().int(),
    skip: z.number().int(),
    limit: z.number().int(),
  });

  /** What a post is made of: the four fields a real client sends (title, description, category, status). */
  const postFields = {
    title: requiredString('title', { max: 255 }),
    description: optionalString('description', { max: POST_DESCRIPTION_MAX }),
    category_id: integerField('category_id').nullish(),
    status_id: integerField('status_id').nullish(),
  };

  /** `user_id` names the author (the portal's first admin when absent). */
  const PostCreateBodySchema = z.object({ ...postFields, user_id: uuidString('user_id').nullish() });

  /** Only the fields sent change; a `title` that is sent must be a title. */
  const PostUpdateBodySchema = z.object({ ...postFields, title: postFields.title.optional() });

  /** What a toggle answers: the post's integer id and key, and whether it is published now. */
  const PostPublishedSchema = z.looseObject({ id: z.number().int(), key: z.string(), published: z.boolean() });

  return {
    PostPublishedSchema,
    PostCreateBodySchema,
    PostUpdateBodySchema,
    PostCategorySchema,
    PostStatusSchema,
    PostSchema,
    PostMinimalSchema,
    PostListQuerySchema,
    PostListResponseSchema,
  };
});

type PostSchemas = ReturnType<typeof postSchemas>;

export type Post = z.infer<PostSchemas['PostSchema']>;
export type PostListQuery = z.input<PostSchemas['PostListQuerySchema']>;
export type PostListParsedQuery = z.output<PostSchemas['PostListQuerySchema']>;
export type PostCreateBody = z.output<PostSchemas['PostCreateBodySchema']>;
export type PostUpdateBody = z.output<PostSchemas['PostUpdateBodySchema']>;
