import * as z from 'zod';
import { lazily } from '../lazily.js';
import { integerField, optionalString, requiredString } from '../validation.js';
import { postSchemas } from './post.js';

/** The most of a proposed description a duplicate search takes (it travels in the query string). */
const DUPLICATE_DESCRIPTION_MAX = 2_000;

/** Finding posts (P5-P7), built on first use. */
export const postSearchSchemas = lazily(() => {
  const { PostListQuerySchema, PostMinimalSchema, PostStatusSchema } = postSchemas();
  const tab = z.string({ error: 'The tab field must be a string.' });

  /** P5 (D-POST-TAB-LIST): the posts of one tab, paged as the list. */
  const PostTabQuerySchema = z.object({
    tab: requiredString('tab', { max: 255 }),
    limit: PostListQuerySchema.shape.limit,
    skip: PostListQuerySchema.shape.skip,
  });

  /** P6 (D-POST-SEARCH): words to find, within one tab or every board. */
  const PostSearchQuerySchema = z.object({
    search: requiredString('search', { min: 2, max: 255 }),
    tab: tab.optional(),
    limit: PostListQuerySchema.shape.limit,
  });

  /** P7 (D-POST-DUPLICATES): a proposed post, compared with the posts there are. */
  const PostDuplicatesQuerySchema = z.object({
    title: requiredString('title', { min: 3, max: 255 }),
    description: optionalString('description', { max: DUPLICATE_DESCRIPTION_MAX }),
    tab: tab.optional(),
    limit: integerField('limit', { min: 1, max: 20 }).optional(),
  });

  /** A likely duplicate: the post's identifying fields, its status and how alike it is (0-1). */
  const PostDuplicateSchema = PostMinimalSchema.extend({ status: PostStatusSchema.nullable(), score: z.number() });

  /** The evidence's hint: `count` and `posts`, best first. */
  const PostDuplicatesSchema = z.looseObject({ count: z.number().int(), posts: z.array(PostDuplicateSchema) });

  return {
    PostTabQuerySchema,
    PostSearchQuerySchema,
    PostDuplicatesQuerySchema,
    PostDuplicateSchema,
    PostDuplicatesSchema,
  };
});

type PostSearchSchemas = ReturnType<typeof postSearchSchemas>;

export type PostSearchQuery = z.output<PostSearchSchemas['PostSearchQuerySchema']>;
export type PostDuplicatesQuery = z.output<PostSearchSchemas['PostDuplicatesQuerySchema']>;
export type PostTabQuery = z.output<PostSearchSchemas['PostTabQuerySchema']>;
export type PostDuplicate = z.infer<PostSearchSchemas['PostDuplicateSchema']>;
