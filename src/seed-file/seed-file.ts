import * as z from 'zod';

/**
 * The reference server's data as documents: the seed-file format 1 with every
 * default filled in. Seeds load from it, `fp server dump` writes it, and data
 * files of the earlier JSON format are this same document.
 */

/**
 * A time written as fp and the API write it (`2024-05-01T09:30:00.000Z`, an offset
 * instead of Z, fewer fraction digits), each field in its range: `Date.parse` reads
 * every such text, and the test costs a fraction of the parse on a seed of many items.
 */
const PLAIN_TIME =
  /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d{1,3})?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/** What a timestamp of a seed may be: any text `Date.parse` reads. */
const isTimestamp = (v: string): boolean => PLAIN_TIME.test(v) || !Number.isNaN(Date.parse(v));

const digitsAt = (text: string, from: number, count: number): number => {
  let n = 0;
  for (let i = from; i < from + count; i++) n = n * 10 + text.charCodeAt(i) - 48;
  return n;
};

/**
 * `Date.parse(text)`, read without the parse for the form fp writes
 * (`2024-05-01T09:30:00.000Z`): a store keeps each time's milliseconds beside
 * it, so a seed of many items reads as many times.
 */
export function timestampMs(text: string): number {
  if (text.length === 24 && text.charCodeAt(23) === 90 && PLAIN_TIME.test(text)) {
    const year = digitsAt(text, 0, 4);
    // Date.UTC reads years 0-99 as 1900-1999.
    if (year >= 100) {
      const month = digitsAt(text, 5, 2) - 1;
      const day = digitsAt(text, 8, 2);
      const hour = digitsAt(text, 11, 2);
      return Date.UTC(year, month, day, hour, digitsAt(text, 14, 2), digitsAt(text, 17, 2), digitsAt(text, 20, 3));
    }
  }
  return Date.parse(text);
}

const ts = z.string().refine(isTimestamp, { error: 'must be an ISO 8601 timestamp' });
const moderation = z.enum(['pending', 'approved', 'rejected']);
const hex = z.string().regex(/^#[0-9a-f]{6}$/i, { error: 'must be a #RRGGBB colour' });
const name2to60 = z
  .string()
  .refine((v) => [...v].length >= 2 && [...v].length <= 60, { error: 'must be 2-60 characters' });

const ApiKeySeed = z.object({
  token: z.string().min(1),
  read_only: z.boolean().default(false),
  expires_at: ts.nullable().default(null),
});

const UserSeed = z.object({
  id: z.string().min(1),
  database_id: z.number().int().positive().optional(),
  name: z.string().min(1),
  email: z.string().default(''),
  role: z.string().default('member'),
  created_at: ts.optional(),
  /** Extension (D-USER-FILTERS): the user's plan, as the user filter lists name it. */
  plan: z.string().min(1).optional(),
  /** Extension (D-USER-FILTERS): segment and metadata values (`segment_1`, `company`, `mrr`, …) the identify call sets. */
  segments: z.record(z.string().min(1), z.union([z.string(), z.number()])).optional(),
});

const TabSeed = z.object({
  id: z.number().int().positive(),
  slug: z.string().min(1),
  name: z.string().min(1),
  type: z.enum(['board', 'roadmap', 'changelog', 'knowledge_base']).default('board'),
  description: z.string().default(''),
});

const SectionSeed = z.object({
  id: z.number().int().positive(),
  tab_id: z.number().int(),
  slug: z.string().min(1),
  name: z.string().min(1),
  parent_id: z.number().int().nullable().default(null),
  description: z.string().default(''),
  sort_order: z.number().int().optional(),
});

const StatusSeed = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  color: hex.default('#888888'),
  tab_id: z.number().int().nullable().default(null),
});

const TagSeed = z.object({ id: z.string().min(1), name: z.string().min(1) });

const CategorySeed = z.object({
  id: z.number().int().positive().optional(),
  name: name2to60,
  color: hex.optional(),
  sort_order: z.number().int().nullable().optional(),
  /** Extension: a locked category refuses update and delete with 403. */
  locked: z.boolean().default(false),
});

const GroupSeed = z.object({
  id: z.string().min(1).optional(),
  name: name2to60,
  description: z.string().nullable().default(null),
  user_ids: z.array(z.string()).default([]),
  created_at: ts.optional(),
  updated_at: ts.optional(),
});

const PostSeed = z.object({
  key: z.string().min(1),
  database_id: z.number().int().positive().optional(),
  title: z.string().min(1),
  description: z.string().default(''),
  author_id: z.string().min(1),
  tab_id: z.number().int().nullable().default(null),
  section_id: z.number().int().nullable().default(null),
  status_id: z.number().int().nullable().default(null),
  category_ids: z.array(z.number().int()).default([]),
  tag_ids: z.array(z.string()).default([]),
  moderation_status: moderation.default('approved'),
  votes_count: z.number().int().nonnegative().default(0),
  views_count: z.number().int().nonnegative().default(0),
  /** Extension (D-POST-TOGGLE-PUBLISH): an unpublished post is kept from the public portal. */
  published: z.boolean().default(true),
  platform: z.string().nullable().default(null),
  version: z.string().nullable().default(null),
  release: z.string().nullable().default(null),
  slug: z.string().optional(),
  sort_order: z.number().int().optional(),
  created_at: ts.optional(),
  updated_at: ts.optional(),
  latest_status_change_at: ts.optional(),
  moderated_by: z.string().nullable().default(null),
  moderated_at: ts.nullable().default(null),
});

export const CommentSeed = z.object({
  id: z.number().int().positive().optional(),
  post_key: z.string().min(1),
  user_id: z.string().min(1),
  comment: z.string(),
  parent_id: z.number().int().nullable().default(null),
  moderation_status: moderation.default('approved'),
  pinned_to_top: z.boolean().default(false),
  tagged_for_changelog: z.boolean().default(false),
  votes_count: z.number().int().nonnegative().default(0),
  created_at: ts.optional(),
  updated_at: ts.optional(),
  moderated_by: z.string().nullable().default(null),
  moderated_at: ts.nullable().default(null),
});

const FeedbackSeed = z.object({
  id: z.string().min(1).optional(),
  type: z.string().min(1),
  feedback: z.string(),
  user_id: z.string().nullable().default(null),
  source: z.string().nullable().default(null),
  widget_id: z.string().nullable().default(null),
  created_at: ts.optional(),
  updated_at: ts.optional(),
});

const ReferenceSeed = z.object({
  id: z.number().int().positive(),
  post_key: z.string(),
  reference: z.string(),
  created_at: ts,
  updated_at: ts,
});

const AnonymousVoteSeed = z.object({
  post_key: z.string(),
  anonymous_id: z.string(),
  created_at: ts,
});

/** Extension: an anonymous vote on a comment (one per comment and anonymous id), as the anonymous-vote route casts it. */
const CommentVoteSeed = z.object({
  comment_id: z.number().int().positive(),
  anonymous_id: z.string(),
  created_at: ts,
});

/** Extension: a named user's vote on a post (one per user and post). */
export const UserVoteSeed = z.object({
  id: z.number().int().positive().optional(),
  post_key: z.string(),
  user_id: z.string(),
  created_at: ts.optional(),
});

const SavedQuerySeed = z.object({
  id: z.number().int().positive(),
  name: z.string().default(''),
  query: z.record(z.string(), z.union([z.string(), z.array(z.string())])).default({}),
});

const EventSeed = z.object({
  type: z.string(),
  occurred_at: ts,
  payload: z.record(z.string(), z.unknown()),
});

/** Extension (D-WIDGETS): an embedded widget; the API only reads them. */
const WidgetSeed = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  type: z.string().min(1).default('feedback'),
  tab_id: z.number().int().nullable().default(null),
  created_at: ts.optional(),
  updated_at: ts.optional(),
});

/** Extension (D-PRODUCT-VISION): the portal's one product vision. */
const ProductVisionSeed = z.object({
  id: z.number().int().positive().optional(),
  title: z.string().default(''),
  content: z.string(),
  created_at: ts.optional(),
  updated_at: ts.optional(),
});

const PortalSeed = z.object({
  id: z.number().int().positive().optional(),
  hosts: z.array(z.string().min(1)).min(1, { error: 'needs at least one host' }),
  default: z.boolean().default(false),
  guid: z.string().optional(),
  title: z.string().min(1),
  localization: z.string().default('en'),
  editor_type: z.enum(['wysiwyg', 'markdown']).default('markdown'),
  moderate_comments: z.boolean().default(false),
  jira_enabled: z.boolean().default(false),
  jira_sync_status: z.boolean().default(false),
  linear_enabled: z.boolean().default(false),
  jira_domain: z.string().nullable().default(null),
  api_keys: z.array(ApiKeySeed).min(1, { error: 'needs at least one API key' }),
  users: z.array(UserSeed).default([]),
  tabs: z.array(TabSeed).default([]),
  sections: z.array(SectionSeed).default([]),
  statuses: z.array(StatusSeed).default([]),
  tags: z.array(TagSeed).default([]),
  categories: z.array(CategorySeed).default([]),
  groups: z.array(GroupSeed).default([]),
  posts: z.array(PostSeed).default([]),
  comments: z.array(CommentSeed).default([]),
  feedback: z.array(FeedbackSeed).default([]),
  references: z.array(ReferenceSeed).default([]),
  anonymous_votes: z.array(AnonymousVoteSeed).default([]),
  user_votes: z.array(UserVoteSeed).default([]),
  comment_votes: z.array(CommentVoteSeed).default([]),
  saved_queries: z.array(SavedQuerySeed).default([]),
  events: z.array(EventSeed).default([]),
  widgets: z.array(WidgetSeed).default([]),
  product_vision: ProductVisionSeed.nullable().default(null),
});

export const SeedFileSchema = z.object({
  format: z.literal(1).optional(),
  portals: z.array(PortalSeed).min(1, { error: 'needs at least one portal' }),
});

export type SeedFile = z.input<typeof SeedFileSchema>;

type Parsed<T extends z.ZodType> = z.output<T>;
type Filled<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: Exclude<T[P], undefined> };

export type ApiKeyRecord = Parsed<typeof ApiKeySeed>;
export type UserRecord = Filled<Parsed<typeof UserSeed>, 'database_id' | 'created_at'>;
export type TabRecord = Parsed<typeof TabSeed>;
export type SectionRecord = Filled<Parsed<typeof SectionSeed>, 'sort_order'>;
export type StatusRecord = Parsed<typeof StatusSeed>;
export type TagRecord = Parsed<typeof TagSeed>;
export type CategoryRecord = Filled<Parsed<typeof CategorySeed>, 'id' | 'color' | 'sort_order'> & {
  sort_order: number | null;
};
export type GroupRecord = Filled<Parsed<typeof GroupSeed>, 'id' | 'created_at' | 'updated_at'>;
export type PostRecord = Filled<
  Parsed<typeof PostSeed>,
  'database_id' | 'slug' | 'sort_order' | 'created_at' | 'updated_at' | 'latest_status_change_at'
>;
export type CommentRecord = Filled<Parsed<typeof CommentSeed>, 'id' | 'created_at' | 'updated_at'>;
export type FeedbackRecord = Filled<Parsed<typeof FeedbackSeed>, 'id' | 'created_at' | 'updated_at'>;
export type ReferenceRecord = Parsed<typeof ReferenceSeed>;
export type AnonymousVoteRecord = Parsed<typeof AnonymousVoteSeed>;
export type UserVoteRecord = Filled<Parsed<typeof UserVoteSeed>, 'id' | 'created_at'>;
export type CommentVoteRecord = Parsed<typeof CommentVoteSeed>;
export type SavedQueryRecord = Parsed<typeof SavedQuerySeed>;
export type EventRecord = Parsed<typeof EventSeed>;
export type WidgetRecord = Filled<Parsed<typeof WidgetSeed>, 'created_at' | 'updated_at'>;
export type ProductVisionRecord = Filled<Parsed<typeof ProductVisionSeed>, 'id' | 'created_at' | 'updated_at'>;

/** One portal as a plain document: a seed portal with every default filled in, as `dump` writes it. */
export interface PortalData
  extends Omit<
    Parsed<typeof PortalSeed>,
    | 'id'
    | 'guid'
    | 'users'
    | 'sections'
    | 'categories'
    | 'groups'
    | 'posts'
    | 'comments'
    | 'feedback'
    | 'user_votes'
    | 'widgets'
    | 'product_vision'
  > {
  id: number;
  guid: string;
  users: UserRecord[];
  sections: SectionRecord[];
  categories: CategoryRecord[];
  groups: GroupRecord[];
  posts: PostRecord[];
  comments: CommentRecord[];
  feedback: FeedbackRecord[];
  user_votes: UserVoteRecord[];
  widgets: WidgetRecord[];
  product_vision: ProductVisionRecord | null;
}

export interface ServerState {
  format: 1;
  portals: PortalData[];
}

/** The settings of a portal, everything but its collections. */
export type PortalSettings = Pick<
  PortalData,
  | 'id'
  | 'hosts'
  | 'default'
  | 'guid'
  | 'title'
  | 'localization'
  | 'editor_type'
  | 'moderate_comments'
  | 'jira_enabled'
  | 'jira_sync_status'
  | 'linear_enabled'
  | 'jira_domain'
>;
