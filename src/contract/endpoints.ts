import * as z from 'zod';
import { categorySchemas } from './schemas/category.js';
import { commentSchemas } from './schemas/comment.js';
import { commonSchemas, dataOf, listOf } from './schemas/common.js';
import { feedbackSchemas } from './schemas/feedback.js';
import { groupSchemas } from './schemas/group.js';
import { knowledgebaseSchemas } from './schemas/knowledgebase.js';
import { moderationSchemas } from './schemas/moderation.js';
import { portalSchemas } from './schemas/portal.js';
import { postSchemas } from './schemas/post.js';
import { postSearchSchemas } from './schemas/post-search.js';
import { referenceSchemas } from './schemas/reference.js';
import { sectionSchemas } from './schemas/section.js';
import { statusSchemas } from './schemas/status.js';
import { tabSchemas } from './schemas/tab.js';
import { tagSchemas } from './schemas/tag.js';
import { userFilterSchemas, userSchemas, userWriteSchemas } from './schemas/user.js';
import { visionSchemas } from './schemas/vision.js';
import { voteSchemas } from './schemas/vote.js';
import { widgetSchemas } from './schemas/widget.js';
import { withJsonShape } from './json-shape.js';
import { UUID } from './validation.js';
import { lazily } from './lazily.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Refusals particular to an operation. Those that follow from its shape are not
 * listed: 401, 429 and 503 (every operation), 403 read-only key (every write), 400 and
 * 413 (a body), 422 with field errors (validated input).
 */
type Refusal =
  /** 404: the item named in the path does not exist. */
  | 'not-found'
  /** 403: the item refuses the change (a locked category). */
  | 'forbidden'
  /** 422 `{message}` without `errors`: a rule of the operation, not a field. */
  | 'rule-violation'
  /** 429: the link-health scan queue is full. */
  | 'queue-full'
  /** 422 with field errors on a path parameter (the service checks it like a field). */
  | 'invalid-param';

/**
 * Path parameters arrive as strings; each endpoint's schema says what they must be. A
 * segment `.` or `..` is not a value: a URL resolves it away before any route sees it.
 */
export const stringParam = withJsonShape(z.string().min(1), {
  type: 'string',
  pattern: '^([^/.][^/]*|[.][^/.][^/]*|[.][.][^/]+)$',
});
const intParam = withJsonShape(
  z
    .string()
    .regex(/^[0-9]+$/)
    .transform(Number),
  {
    type: 'integer',
    minimum: 0,
    maximum: Number.MAX_SAFE_INTEGER,
  },
);
/** A group is named by its UUID; another value names no group (404). */
const uuidParam = withJsonShape(z.string().min(1), { type: 'string', format: 'uuid', pattern: UUID.source });

/**
 * An operation the specification does not show, built on public evidence of the
 * hosted API instead: its shape is assumed, and says on what.
 */
export interface Assumed {
  /** The decision (`D-…` in docs/decisions.md) that settles the shape. */
  readonly decision: string;
  /** The evidence items it rests on (`P1`, `S1`, `U6`, …). */
  readonly evidence: readonly [string, ...string[]];
}

export interface Endpoint {
  /** Operation name in the MCP tool form `<group>.<action>`. */
  readonly name: string;
  readonly method: HttpMethod;
  /** Other verbs the same operation answers to (groups update takes PUT or PATCH). */
  readonly alsoMethods?: readonly HttpMethod[];
  /** Path with `{param}` placeholders, relative to the portal's base URL. */
  readonly path: string;
  readonly summary: string;
  /** What the operation does, for the OpenAPI document and help texts. */
  readonly description?: string;
  readonly refusals?: readonly Refusal[];
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  /** JSON request body. */
  readonly body?: z.ZodObject;
  /** multipart/form-data fields besides the `file` part. */
  readonly multipart?: z.ZodObject;
  readonly response: z.ZodType;
  /** What the 200 body is: JSON (default) or a ZIP download. */
  readonly responseType?: 'json' | 'zip';
  /** A destructive operation (the CLI confirms it). */
  readonly destructive?: boolean;
  /** Set when the operation is not in the specification: its shape is assumed. */
  readonly assumed?: Assumed;
  /**
   * Another route form of this operation (the server answers both; the client and the tools
   * use the operation named here).
   */
  readonly aliasOf?: string;
  /**
   * The body field that holds text in the portal's editor format (`editor_type`): the command
   * line and the tools take markdown (or HTML) there and send it converted (D-TEXT-EDITOR-FORMAT).
   */
  readonly editorText?: string;
  /** What an agent should know beyond the summary: it ends the tool's description. */
  readonly agentHint?: string;
  /**
   * Who may call it, where that is not the rule of the API (any key of the portal; a key that
   * can write for a write): `public` needs no key, `admin` a key that can write, even to read.
   * Only the reference server's own routes set it.
   */
  readonly access?: 'public' | 'admin';
}

const SCHEMA_KEYS = ['params', 'query', 'body', 'multipart', 'response'] as const;
type SchemaKey = (typeof SCHEMA_KEYS)[number];

/**
 * An entry of the table: what it says, and its schemas, built on their first use (a command
 * builds the schemas of the operations it calls, not those of the whole contract).
 */
export function define<const I extends Omit<Endpoint, SchemaKey>, const S extends Pick<Endpoint, SchemaKey>>(
  info: I,
  schemas: () => S,
): I & S {
  const built = lazily(schemas);
  const entry = { ...info };
  for (const key of SCHEMA_KEYS) Object.defineProperty(entry, key, { enumerable: true, get: () => built()[key] });
  return entry as I & S;
}

export const endpoints = {
  'portal.get': define(
    {
      name: 'portal.get',
      method: 'GET',
      path: '/api/v1/portal',
      summary: 'Get the portal the API key belongs to',
      description:
        'The portal the API key belongs to: its guid, title, locale, `editor_type` (read it first: it says whether post and comment bodies are HTML or markdown) and the Jira and Linear integration fields.',
    },
    () => ({
      response: dataOf(portalSchemas().PortalSchema),
    }),
  ),

  'posts.list': define(
    {
      name: 'posts.list',
      method: 'GET',
      path: '/api/v1/posts',
      summary: 'List posts with filters, ordering and skip/limit pagination',
      description:
        'Approved posts of the portal, newest first unless `order_by`/`order_direction` say otherwise. Filters combine with AND; within `status` and `tag_id` any listed id matches. Knowledge-base articles are listed only when `tab` or `section` names them. An unknown filter value lists nothing.',
    },
    () => ({
      query: postSchemas().PostListQuerySchema,
      response: postSchemas().PostListResponseSchema,
    }),
  ),
  'posts.get': define(
    {
      name: 'posts.get',
      method: 'GET',
      path: '/api/v1/posts/{key}',
      summary: 'Get one post',
      description:
        "One post by its key, in the post list's full format, whatever its moderation status or tab (knowledge-base articles included).",
      refusals: ['not-found'],
      assumed: { decision: 'D-POST-SHOW', evidence: ['P1'] },
    },
    () => ({
      params: z.object({ key: stringParam }),
      response: dataOf(postSchemas().PostSchema),
    }),
  ),
  'posts.create': define(
    {
      name: 'posts.create',
      method: 'POST',
      path: '/api/v1/posts',
      summary: 'Create a post',
      description:
        "Creates a post written by `user_id` (the portal's first administrator when absent). Posts the portal's team creates skip moderation: it starts approved. `status_id` places it on its status's board; `category_id` files it under one category.",
      assumed: { decision: 'D-POST-CREATE', evidence: ['P2'] },
      editorText: 'description',
      agentHint:
        'Call posts.duplicates with the title and description first: a likely duplicate is better voted on or commented than filed again.',
    },
    () => ({
      body: postSchemas().PostCreateBodySchema,
      response: dataOf(postSchemas().PostSchema),
    }),
  ),
  'posts.update': define(
    {
      name: 'posts.update',
      method: 'PATCH',
      path: '/api/v1/posts/{key}',
      summary: 'Update a post',
      description:
        "Changes the fields sent: `title`, `description`, `category_id` (the post's one category; null clears it) and `status_id` (null clears it). A new status moves the post to that status's board and restarts `latest_status_change_at`.",
      refusals: ['not-found'],
      assumed: { decision: 'D-POST-UPDATE', evidence: ['P3'] },
      editorText: 'description',
    },
    () => ({
      params: z.object({ key: stringParam }),
      body: postSchemas().PostUpdateBodySchema,
      response: dataOf(postSchemas().PostSchema),
    }),
  ),
  'posts.delete': define(
    {
      name: 'posts.delete',
      method: 'DELETE',
      path: '/api/v1/posts/{key}',
      summary: 'Delete a post with its comments and votes',
      description: 'Deletes a post with its comments, references and votes.',
      refusals: ['not-found'],
      destructive: true,
      assumed: { decision: 'D-POST-DELETE', evidence: ['P4'] },
    },
    () => ({
      params: z.object({ key: stringParam }),
      response: commonSchemas().MessageSchema,
    }),
  ),
  'posts.togglePublish': define(
    {
      name: 'posts.togglePublish',
      method: 'PUT',
      path: '/api/v1/posts/{key}/toggle-publish',
      summary: "Flip a post's published flag",
      description:
        'Publishes the post `key` when it is unpublished and unpublishes it when it is published; answers its integer `id`, `key` and whether it is `published` now. An unpublished post is kept from the public portal; the API still lists it.',
      refusals: ['not-found'],
      assumed: { decision: 'D-POST-TOGGLE-PUBLISH', evidence: ['P8'] },
    },
    () => ({
      params: z.object({ key: stringParam }),
      response: dataOf(postSchemas().PostPublishedSchema),
    }),
  ),
  'posts.listForTab': define(
    {
      name: 'posts.listForTab',
      method: 'GET',
      path: '/api/v1/posts/all',
      summary: 'List the posts of one tab with skip/limit pagination',
      description:
        'The approved posts of the tab `tab` (its slug or integer id; knowledge-base tabs too), newest first, paged and answered as the post list. An unknown tab is refused (422): `The selected tab is invalid.`',
      assumed: { decision: 'D-POST-TAB-LIST', evidence: ['P5'] },
    },
    () => ({
      query: postSearchSchemas().PostTabQuerySchema,
      response: postSchemas().PostListResponseSchema,
    }),
  ),
  'posts.search': define(
    {
      name: 'posts.search',
      method: 'GET',
      path: '/api/v1/posts/search',
      summary: 'Search posts by words in their title and description',
      description:
        'Approved posts holding every word of `search` (2-255 characters) in their title or description, compared without regard to case or accents; within the tab `tab` (slug or id) when given, else on every board but the knowledge base. Best first: posts with more words in the title, then more votes, then newest. At most `limit` (1-100, default 10).',
      assumed: { decision: 'D-POST-SEARCH', evidence: ['P6'] },
      agentHint:
        'Before posts.create, call posts.duplicates with the proposed title (and description): vote on or comment an existing post instead of filing it twice.',
    },
    () => ({
      query: postSearchSchemas().PostSearchQuerySchema,
      response: listOf(postSchemas().PostSchema),
    }),
  ),
  'posts.duplicates': define(
    {
      name: 'posts.duplicates',
      method: 'GET',
      path: '/api/v1/posts/search_duplicates',
      summary: 'Find likely duplicates of a proposed post, with a score',
      description:
        'Compares a proposed `title` (3-255 characters) and optional `description` with the approved posts (of the tab `tab` when given, else of every board but the knowledge base) and answers `{data: {count, posts}}`: posts whose score (0-1, the overlap of their words with the proposal, the title weighing most) is at least 0.35, best first, at most `limit` (1-20, default 5).',
      assumed: { decision: 'D-POST-DUPLICATES', evidence: ['P7'] },
      agentHint:
        'Call it before posts.create with the proposed title and description; when a post scores high, vote on or comment that post instead of creating a duplicate.',
    },
    () => ({
      query: postSearchSchemas().PostDuplicatesQuerySchema,
      response: dataOf(postSearchSchemas().PostDuplicatesSchema),
    }),
  ),

  'votes.addAnonymous': define(
    {
      name: 'votes.addAnonymous',
      method: 'POST',
      path: '/api/v1/posts/{key}/anonymous_votes/{anonymous_id}',
      summary: "Add an anonymous user's vote to a post or a comment",
      description:
        'Adds one vote for the anonymous user `anonymous_id` (an MD5 hash) to the post `key`, or to the comment whose numeric id `key` is (a key of digits that is no post key names a comment). Only approved posts on a board, a roadmap or no tab, and approved comments of approved posts, can be voted on.',
      refusals: ['not-found', 'rule-violation'],
    },
    () => ({
      params: z.object({ key: stringParam, anonymous_id: stringParam }),
      response: dataOf(voteSchemas().AnonymousVoteSchema),
    }),
  ),
  'votes.removeAnonymous': define(
    {
      name: 'votes.removeAnonymous',
      method: 'DELETE',
      path: '/api/v1/posts/{key}/anonymous_votes/{anonymous_id}',
      summary: "Revoke an anonymous user's vote on a post or a comment",
      description:
        'Revokes the vote of the anonymous user `anonymous_id` on the post `key`, or on the comment whose numeric id `key` is.',
      refusals: ['not-found', 'rule-violation'],
    },
    () => ({
      params: z.object({ key: stringParam, anonymous_id: stringParam }),
      response: commonSchemas().EmptySchema,
    }),
  ),
  'votes.list': define(
    {
      name: 'votes.list',
      method: 'GET',
      path: '/api/v1/posts/{key}/votes',
      summary: "List the users' votes on a post",
      description:
        "The votes users cast on the post `key`, oldest first, each with its voter. Anonymous votes have no voter and are not listed; the post's `votes_count` counts them.",
      refusals: ['not-found'],
      assumed: { decision: 'D-USER-VOTE-LIST', evidence: ['V1'] },
    },
    () => ({
      params: z.object({ key: stringParam }),
      response: listOf(voteSchemas().UserVoteSchema),
    }),
  ),
  'votes.add': define(
    {
      name: 'votes.add',
      method: 'POST',
      path: '/api/v1/posts/{key}/votes/{user}',
      summary: 'Vote for a post on behalf of a user',
      description:
        'Adds the vote of the user `user` (UUID key, or integer id) to the post `key`: one vote per user and post, on the posts anonymous users may vote for.',
      refusals: ['not-found', 'rule-violation'],
      assumed: { decision: 'D-USER-VOTE-ADD', evidence: ['V2'] },
    },
    () => ({
      params: z.object({ key: stringParam, user: stringParam }),
      response: dataOf(voteSchemas().UserVoteSchema),
    }),
  ),
  'votes.remove': define(
    {
      name: 'votes.remove',
      method: 'DELETE',
      path: '/api/v1/posts/{key}/votes/{user}',
      summary: "Revoke a user's vote",
      description: 'Revokes the vote of the user `user` (UUID key, or integer id) on the post `key`.',
      refusals: ['not-found', 'rule-violation'],
      assumed: { decision: 'D-USER-VOTE-REMOVE', evidence: ['V3'] },
    },
    () => ({
      params: z.object({ key: stringParam, user: stringParam }),
      response: commonSchemas().EmptySchema,
    }),
  ),

  'categories.list': define(
    {
      name: 'categories.list',
      method: 'GET',
      path: '/api/v1/categories',
      summary: 'List categories',
      description: 'Every category of the portal.',
    },
    () => ({
      response: listOf(categorySchemas().CategorySchema),
    }),
  ),
  'categories.create': define(
    {
      name: 'categories.create',
      method: 'POST',
      path: '/api/v1/categories',
      summary: 'Create a category',
      description: 'Creates a category. `name` is 2-60 characters and unique per portal (case-sensitive).',
    },
    () => ({
      body: categorySchemas().CategoryCreateBodySchema,
      response: dataOf(categorySchemas().CategorySchema),
    }),
  ),
  'categories.update': define(
    {
      name: 'categories.update',
      method: 'PATCH',
      path: '/api/v1/categories/{id}',
      summary: 'Update a category (name and color both required)',
      description:
        'Replaces the name and colour of a category; both fields are required on every update. The verb is PATCH: PUT on this path answers 405.',
      refusals: ['not-found', 'forbidden'],
    },
    () => ({
      params: z.object({ id: intParam }),
      body: categorySchemas().CategoryUpdateBodySchema,
      response: dataOf(categorySchemas().CategorySchema),
    }),
  ),
  'categories.delete': define(
    {
      name: 'categories.delete',
      method: 'DELETE',
      path: '/api/v1/categories/{id}',
      summary: 'Delete a category',
      description: 'Deletes a category.',
      refusals: ['not-found', 'forbidden'],
      destructive: true,
    },
    () => ({
      params: z.object({ id: intParam }),
      response: commonSchemas().MessageSchema,
    }),
  ),

  'statuses.list': define(
    {
      name: 'statuses.list',
      method: 'GET',
      path: '/api/v1/statuses',
      summary: 'List statuses',
      description: 'Every post status of the portal, with the board (tab) it belongs to.',
      assumed: { decision: 'D-STATUS-LIST', evidence: ['S1'] },
    },
    () => ({
      response: listOf(statusSchemas().StatusSchema),
    }),
  ),
  'statuses.create': define(
    {
      name: 'statuses.create',
      method: 'POST',
      path: '/api/v1/statuses',
      summary: 'Create a status',
      description:
        'Creates a post status. `name` is 2-60 characters and unique in the portal; `color` is #RRGGBB (#888888 when absent); `tab_id` is the board its posts show on (none when absent).',
      assumed: { decision: 'D-STATUS-WRITE', evidence: ['S2'] },
    },
    () => ({
      body: statusSchemas().StatusCreateBodySchema,
      response: dataOf(statusSchemas().StatusSchema),
    }),
  ),
  'statuses.update': define(
    {
      name: 'statuses.update',
      method: 'PATCH',
      path: '/api/v1/statuses/{status}',
      summary: 'Update a status',
      description:
        'Changes the fields sent of the status `status` (integer id): `name`, `color`, `tab_id` (null: no board). A new board moves the posts on the status with it.',
      refusals: ['not-found'],
      assumed: { decision: 'D-STATUS-WRITE', evidence: ['S3'] },
    },
    () => ({
      params: z.object({ status: stringParam }),
      body: statusSchemas().StatusUpdateBodySchema,
      response: dataOf(statusSchemas().StatusSchema),
    }),
  ),
  'statuses.delete': define(
    {
      name: 'statuses.delete',
      method: 'DELETE',
      path: '/api/v1/statuses/{status}',
      summary: 'Delete a status',
      description:
        'Deletes the status `status` (integer id). A status posts are on is refused (422): move them to another status first.',
      refusals: ['not-found', 'rule-violation'],
      destructive: true,
      assumed: { decision: 'D-STATUS-WRITE', evidence: ['S4'] },
    },
    () => ({
      params: z.object({ status: stringParam }),
      response: commonSchemas().MessageSchema,
    }),
  ),

  'tags.list': define(
    {
      name: 'tags.list',
      method: 'GET',
      path: '/api/v1/tags',
      summary: 'List tags',
      description: 'Every tag of the portal: internal labels end users do not see.',
      assumed: { decision: 'D-TAG-LIST', evidence: ['T1'] },
    },
    () => ({
      response: listOf(tagSchemas().TagSchema),
    }),
  ),
  'tags.create': define(
    {
      name: 'tags.create',
      method: 'POST',
      path: '/api/v1/tags',
      summary: 'Create a tag',
      description: 'Creates a tag. `name` is 2-60 characters and unique in the portal.',
      assumed: { decision: 'D-TAG-WRITE', evidence: ['T2'] },
    },
    () => ({
      body: tagSchemas().TagBodySchema,
      response: dataOf(tagSchemas().TagSchema),
    }),
  ),
  'tags.update': define(
    {
      name: 'tags.update',
      method: 'PATCH',
      path: '/api/v1/tags/{tag}',
      summary: 'Update a tag',
      description: 'Renames the tag `tag` (its id).',
      refusals: ['not-found'],
      assumed: { decision: 'D-TAG-WRITE', evidence: ['T3'] },
    },
    () => ({
      params: z.object({ tag: stringParam }),
      body: tagSchemas().TagBodySchema,
      response: dataOf(tagSchemas().TagSchema),
    }),
  ),
  'tags.delete': define(
    {
      name: 'tags.delete',
      method: 'DELETE',
      path: '/api/v1/tags/{tag}',
      summary: 'Delete a tag',
      description: 'Deletes the tag `tag` (its id) and takes it off every post that had it.',
      refusals: ['not-found'],
      destructive: true,
      assumed: { decision: 'D-TAG-WRITE', evidence: ['T4'] },
    },
    () => ({
      params: z.object({ tag: stringParam }),
      response: commonSchemas().MessageSchema,
    }),
  ),

  'tabs.list': define(
    {
      name: 'tabs.list',
      method: 'GET',
      path: '/api/v1/tabs',
      summary: 'List tabs (boards)',
      description: 'Every tab of the portal: boards, roadmaps, changelogs and knowledge bases.',
      assumed: { decision: 'D-TAB-LIST', evidence: ['B1'] },
    },
    () => ({
      response: listOf(tabSchemas().TabSchema),
    }),
  ),
  'tabs.get': define(
    {
      name: 'tabs.get',
      method: 'GET',
      path: '/api/v1/tabs/{tab}',
      summary: 'Get one tab',
      description: 'One tab by its integer id or its slug.',
      refusals: ['not-found'],
      assumed: { decision: 'D-TAB-GET', evidence: ['B2'] },
    },
    () => ({
      params: z.object({ tab: stringParam }),
      response: dataOf(tabSchemas().TabSchema),
    }),
  ),

  'sections.list': define(
    {
      name: 'sections.list',
      method: 'GET',
      path: '/api/v1/sections',
      summary: 'List the top-level sections',
      description: 'The sections at the top of their tab (no parent), of every tab, in their order.',
      assumed: { decision: 'D-SECTION-LIST', evidence: ['C1'] },
    },
    () => ({
      response: listOf(sectionSchemas().SectionSchema),
    }),
  ),
  'sections.children': define(
    {
      name: 'sections.children',
      method: 'GET',
      path: '/api/v1/sections/{section}/children',
      summary: 'List the child sections of a section',
      description: 'The sections directly inside the section `section` (integer id or slug), in their order.',
      refusals: ['not-found'],
      assumed: { decision: 'D-SECTION-CHILDREN', evidence: ['C2'] },
    },
    () => ({
      params: z.object({ section: stringParam }),
      response: listOf(sectionSchemas().SectionSchema),
    }),
  ),
  'sections.create': define(
    {
      name: 'sections.create',
      method: 'POST',
      path: '/api/v1/sections',
      summary: 'Create a section',
      description:
        'Creates a section of the tab `tab_id`, at the top or inside `parent_id` (a section of the same tab), after its siblings. The slug is made from the title and is unique in the portal.',
      assumed: { decision: 'D-SECTION-WRITE', evidence: ['C3'] },
    },
    () => ({
      body: sectionSchemas().SectionCreateBodySchema,
      response: dataOf(sectionSchemas().SectionSchema),
    }),
  ),
  'sections.update': define(
    {
      name: 'sections.update',
      method: 'PATCH',
      path: '/api/v1/sections/{section}',
      summary: 'Update a section',
      description:
        'Changes the fields sent of the section `section` (integer id or slug): `title`, `description`, `parent_id` (null: the top; a section of the same tab that is not inside this one). The slug stays.',
      refusals: ['not-found'],
      assumed: { decision: 'D-SECTION-WRITE', evidence: ['C4'] },
    },
    () => ({
      params: z.object({ section: stringParam }),
      body: sectionSchemas().SectionUpdateBodySchema,
      response: dataOf(sectionSchemas().SectionSchema),
    }),
  ),
  'sections.delete': define(
    {
      name: 'sections.delete',
      method: 'DELETE',
      path: '/api/v1/sections/{section}',
      summary: 'Delete a section',
      description:
        'Deletes the section `section` (integer id or slug). A section with child sections or posts is refused (422): move or delete them first.',
      refusals: ['not-found', 'rule-violation'],
      destructive: true,
      assumed: { decision: 'D-SECTION-WRITE', evidence: ['C5'] },
    },
    () => ({
      params: z.object({ section: stringParam }),
      response: commonSchemas().MessageSchema,
    }),
  ),

  'users.list': define(
    {
      name: 'users.list',
      method: 'GET',
      path: '/api/v1/users',
      summary: 'List users with skip/limit pagination',
      description:
        'The users of the portal (administrators, members and customers) in the order they joined, paged like the post list.',
      assumed: { decision: 'D-USER-LIST', evidence: ['U1'] },
    },
    () => ({
      query: userSchemas().UserListQuerySchema,
      response: userSchemas().UserListResponseSchema,
    }),
  ),
  'users.findByEmail': define(
    {
      name: 'users.findByEmail',
      method: 'GET',
      path: '/api/v1/users/find_by_email',
      summary: 'Find a user by e-mail address',
      description: 'The user with this e-mail address, compared without regard to case.',
      refusals: ['not-found'],
      assumed: { decision: 'D-USER-FIND', evidence: ['U6'] },
    },
    () => ({
      query: userSchemas().UserFindQuerySchema,
      response: dataOf(userSchemas().PortalUserSchema),
    }),
  ),
  'users.get': define(
    {
      name: 'users.get',
      method: 'GET',
      path: '/api/v1/users/{user}',
      summary: 'Get one user',
      description: 'One user by UUID key (any case) or integer id.',
      refusals: ['not-found'],
      assumed: { decision: 'D-USER-GET', evidence: ['U3'] },
    },
    () => ({
      params: z.object({ user: stringParam }),
      response: dataOf(userSchemas().PortalUserSchema),
    }),
  ),
  'users.create': define(
    {
      name: 'users.create',
      method: 'POST',
      path: '/api/v1/users',
      summary: 'Invite (create) a user',
      description:
        'Creates a user: `name` and `email` (unique, compared without regard to case) required; `role` one of admin, moderator, member, user (default user). `password` and `invitation_message` are accepted and not stored.',
      assumed: { decision: 'D-USER-WRITE', evidence: ['U2'] },
    },
    () => ({
      body: userWriteSchemas().UserCreateBodySchema,
      response: dataOf(userSchemas().PortalUserSchema),
    }),
  ),
  'users.update': define(
    {
      name: 'users.update',
      method: 'PATCH',
      path: '/api/v1/users/{user}',
      summary: 'Update a user',
      description: 'Changes the fields sent of the user `user` (UUID key or integer id): `name`, `email`, `role`.',
      refusals: ['not-found'],
      assumed: { decision: 'D-USER-WRITE', evidence: ['U4'] },
    },
    () => ({
      params: z.object({ user: stringParam }),
      body: userWriteSchemas().UserUpdateBodySchema,
      response: dataOf(userSchemas().PortalUserSchema),
    }),
  ),
  'users.delete': define(
    {
      name: 'users.delete',
      method: 'DELETE',
      path: '/api/v1/users/{user}',
      summary: 'Delete a user (their posts and comments stay)',
      description:
        'Deletes the user `user` (UUID key or integer id) and their group memberships. Their posts, comments and votes stay, shown with a deleted author.',
      refusals: ['not-found'],
      destructive: true,
      assumed: { decision: 'D-USER-DELETE', evidence: ['U5'] },
    },
    () => ({
      params: z.object({ user: stringParam }),
      response: commonSchemas().MessageSchema,
    }),
  ),
  'users.bulkBlock': define(
    {
      name: 'users.bulkBlock',
      method: 'POST',
      path: '/api/v1/users/bulk-block',
      summary: 'Block several users',
      description:
        'Blocks the users of `user_ids` (UUID keys or integer ids, 1-100): a blocked user cannot vote, comment or post through the API. Every id must name a user (422 otherwise, nothing changed). Answers `{success, count, message}`.',
      assumed: { decision: 'D-USER-BULK', evidence: ['U7'] },
    },
    () => ({
      body: userWriteSchemas().UserBulkBodySchema,
      response: userWriteSchemas().UserBulkResponseSchema,
    }),
  ),
  'users.bulkUnblock': define(
    {
      name: 'users.bulkUnblock',
      method: 'POST',
      path: '/api/v1/users/bulk-unblock',
      summary: 'Unblock several users',
      description:
        'Unblocks the users of `user_ids` (UUID keys or integer ids, 1-100). Every id must name a user (422 otherwise, nothing changed). Answers `{success, count, message}`.',
      assumed: { decision: 'D-USER-BULK', evidence: ['U8'] },
    },
    () => ({
      body: userWriteSchemas().UserBulkBodySchema,
      response: userWriteSchemas().UserBulkResponseSchema,
    }),
  ),
  'users.bulkDelete': define(
    {
      name: 'users.bulkDelete',
      method: 'POST',
      path: '/api/v1/users/bulk-delete',
      summary: 'Delete several users (their posts and comments stay)',
      description:
        'Deletes the users of `user_ids` (UUID keys or integer ids, 1-100) as the single delete does: their posts, comments and votes stay, shown with a deleted author. Every id must name a user (422 otherwise, nothing deleted).',
      destructive: true,
      assumed: { decision: 'D-USER-BULK', evidence: ['U9'] },
    },
    () => ({
      body: userWriteSchemas().UserBulkBodySchema,
      response: userWriteSchemas().UserBulkResponseSchema,
    }),
  ),

  'users.groupsFilter': define(
    {
      name: 'users.groupsFilter',
      method: 'GET',
      path: '/api/v1/users/groups-filter',
      summary: 'List the groups a user list can be filtered by',
      description: "The portal's user groups as filter options: `id` (the group's UUID) and `name`, by name.",
      assumed: { decision: 'D-USER-FILTERS', evidence: ['U10'] },
    },
    () => ({
      response: listOf(userFilterSchemas().UserFilterOptionSchema),
    }),
  ),
  'users.planTypes': define(
    {
      name: 'users.planTypes',
      method: 'GET',
      path: '/api/v1/users/plan-types',
      summary: 'List the plan types a user list can be filtered by',
      description: "The plans the portal's users are on, each once by name: `id` (the plan's slug) and `name`.",
      assumed: { decision: 'D-USER-FILTERS', evidence: ['U11'] },
    },
    () => ({
      response: listOf(userFilterSchemas().UserFilterOptionSchema),
    }),
  ),
  'users.segmentKeys': define(
    {
      name: 'users.segmentKeys',
      method: 'GET',
      path: '/api/v1/users/segment-metadata-keys',
      summary: 'List the segment and metadata keys in use',
      description:
        "The segment and metadata keys the portal's users carry (`segment_1`…`segment_10`, `company`, `mrr`, …), each once by key: `key`, a `label` and `type` (`number` when every value is a number, else `string`).",
      assumed: { decision: 'D-USER-FILTERS', evidence: ['U12'] },
    },
    () => ({
      response: listOf(userFilterSchemas().SegmentKeySchema),
    }),
  ),

  'widgets.list': define(
    {
      name: 'widgets.list',
      method: 'GET',
      path: '/api/v1/widgets',
      summary: "List the portal's widgets",
      description:
        'The embedded widgets of the portal, in the order they were made: `id` (the UUID a widget iframe carries as `widget_id`), `name`, `type` and the tab it opens (`tab_id`).',
      assumed: { decision: 'D-WIDGETS', evidence: ['W1'] },
    },
    () => ({
      response: listOf(widgetSchemas().WidgetSchema),
    }),
  ),
  'widgets.get': define(
    {
      name: 'widgets.get',
      method: 'GET',
      path: '/api/v1/widgets/{widget}',
      summary: 'Get one widget',
      description: 'One widget by its id (a UUID, any case).',
      refusals: ['not-found'],
      assumed: { decision: 'D-WIDGETS', evidence: ['W2'] },
    },
    () => ({
      params: z.object({ widget: stringParam }),
      response: dataOf(widgetSchemas().WidgetSchema),
    }),
  ),

  'vision.get': define(
    {
      name: 'vision.get',
      method: 'GET',
      path: '/api/v1/product-vision',
      summary: "Get the portal's product vision",
      description: "The portal's one product vision (`title`, `content`); a portal without one answers 404.",
      refusals: ['not-found'],
      assumed: { decision: 'D-PRODUCT-VISION', evidence: ['PV1'] },
    },
    () => ({
      response: dataOf(visionSchemas().ProductVisionSchema),
    }),
  ),
  'vision.upsert': define(
    {
      name: 'vision.upsert',
      method: 'POST',
      path: '/api/v1/product-vision',
      summary: 'Create or replace the product vision',
      description:
        "Writes the portal's product vision: `content` (required) and `title` (a title left out keeps the vision's title). Answers the vision.",
      assumed: { decision: 'D-PRODUCT-VISION', evidence: ['PV2'] },
    },
    () => ({
      body: visionSchemas().ProductVisionBodySchema,
      response: dataOf(visionSchemas().ProductVisionSchema),
    }),
  ),
  'vision.delete': define(
    {
      name: 'vision.delete',
      method: 'DELETE',
      path: '/api/v1/product-vision',
      summary: 'Delete the product vision',
      description: "Deletes the portal's product vision; a portal without one answers 404.",
      refusals: ['not-found'],
      destructive: true,
      assumed: { decision: 'D-PRODUCT-VISION', evidence: ['PV3'] },
    },
    () => ({
      response: commonSchemas().MessageSchema,
    }),
  ),

  'comments.list': define(
    {
      name: 'comments.list',
      method: 'GET',
      path: '/api/v1/posts/{key}/comments',
      summary: 'List the comments of a post, replies included',
      description:
        'Every comment of the post `key` in one flat list, replies included (linked by `parent_id`): pinned first, then oldest first.',
      refusals: ['not-found'],
    },
    () => ({
      params: z.object({ key: stringParam }),
      response: listOf(commentSchemas().CommentSchema),
    }),
  ),
  'comments.create': define(
    {
      name: 'comments.create',
      method: 'POST',
      path: '/api/v1/posts/{key}/comments',
      summary: 'Create a comment or reply on a post',
      description:
        "Creates a comment, or a reply when `parent_id` is set, attributed to `user_id`. Tagging it for the changelog removes the tag from the post's previously tagged comment. Emits `CommentCreated` and notification e-mails unless `silent` is true.",
      refusals: ['not-found'],
      editorText: 'comment',
    },
    () => ({
      params: z.object({ key: stringParam }),
      body: commentSchemas().CommentCreateBodySchema,
      response: dataOf(commentSchemas().CommentSchema),
    }),
  ),
  'comments.update': define(
    {
      name: 'comments.update',
      method: 'PUT',
      path: '/api/v1/comments/{id}',
      summary: 'Update a comment',
      description:
        'Updates the text of a comment; flags and `created_at` change only when sent. `silent` is not accepted here.',
      refusals: ['not-found'],
      editorText: 'comment',
    },
    () => ({
      params: z.object({ id: intParam }),
      body: commentSchemas().CommentUpdateBodySchema,
      response: dataOf(commentSchemas().CommentSchema),
    }),
  ),
  'comments.delete': define(
    {
      name: 'comments.delete',
      method: 'DELETE',
      path: '/api/v1/comments/{id}',
      summary: 'Delete a comment and its direct replies',
      description: 'Deletes a comment and its direct replies (one level).',
      refusals: ['not-found'],
      destructive: true,
    },
    () => ({
      params: z.object({ id: intParam }),
      response: commonSchemas().EmptySchema,
    }),
  ),
  'comments.updateNested': define(
    {
      name: 'comments.updateNested',
      method: 'PATCH',
      alsoMethods: ['PUT'],
      path: '/api/v1/posts/{key}/comments/{id}',
      summary: 'Update a comment, named under its post',
      description:
        'The comment update under its post: the same operation as `PUT /api/v1/comments/{id}`. A comment of another post is not found.',
      refusals: ['not-found'],
      assumed: { decision: 'D-ROUTE-NESTED-COMMENTS', evidence: ['D1'] },
      aliasOf: 'comments.update',
    },
    () => ({
      params: z.object({ key: stringParam, id: intParam }),
      body: commentSchemas().CommentUpdateBodySchema,
      response: dataOf(commentSchemas().CommentSchema),
    }),
  ),
  'comments.deleteNested': define(
    {
      name: 'comments.deleteNested',
      method: 'DELETE',
      path: '/api/v1/posts/{key}/comments/{id}',
      summary: 'Delete a comment, named under its post',
      description:
        'The comment delete under its post: the same operation as `DELETE /api/v1/comments/{id}`. A comment of another post is not found.',
      refusals: ['not-found'],
      destructive: true,
      assumed: { decision: 'D-ROUTE-NESTED-COMMENTS', evidence: ['D1'] },
      aliasOf: 'comments.delete',
    },
    () => ({
      params: z.object({ key: stringParam, id: intParam }),
      response: commonSchemas().EmptySchema,
    }),
  ),

  'references.create': define(
    {
      name: 'references.create',
      method: 'POST',
      path: '/api/v1/posts/{key}/references',
      summary: 'Attach a reference to a post',
      description: 'Attaches a reference text (1-6000 characters) to the post `key`.',
      refusals: ['not-found'],
    },
    () => ({
      params: z.object({ key: stringParam }),
      body: referenceSchemas().ReferenceCreateBodySchema,
      response: dataOf(referenceSchemas().ReferenceSchema),
    }),
  ),
  'references.delete': define(
    {
      name: 'references.delete',
      method: 'DELETE',
      path: '/api/v1/references/{id}',
      summary: 'Delete a reference',
      description: 'Deletes a reference.',
      refusals: ['not-found'],
      destructive: true,
    },
    () => ({
      params: z.object({ id: intParam }),
      response: commonSchemas().EmptySchema,
    }),
  ),

  'groups.list': define(
    {
      name: 'groups.list',
      method: 'GET',
      path: '/api/v1/groups',
      summary: 'List groups',
      description: 'Every user group of the portal.',
    },
    () => ({
      response: listOf(groupSchemas().GroupSchema),
    }),
  ),
  'groups.create': define(
    {
      name: 'groups.create',
      method: 'POST',
      path: '/api/v1/groups',
      summary: 'Create a group',
      description: 'Creates a group. `name` is 2-60 characters and unique per portal.',
    },
    () => ({
      body: groupSchemas().GroupCreateBodySchema,
      response: dataOf(groupSchemas().GroupSchema),
    }),
  ),
  'groups.get': define(
    {
      name: 'groups.get',
      method: 'GET',
      path: '/api/v1/groups/{id}',
      summary: 'Get a group',
      description: 'One group by its UUID.',
      refusals: ['not-found'],
    },
    () => ({
      params: z.object({ id: uuidParam }),
      response: dataOf(groupSchemas().GroupSchema),
    }),
  ),
  'groups.update': define(
    {
      name: 'groups.update',
      method: 'PATCH',
      alsoMethods: ['PUT'],
      path: '/api/v1/groups/{id}',
      summary: 'Update a group',
      description: 'Changes the fields sent; both are optional. PATCH and PUT do the same.',
      refusals: ['not-found'],
    },
    () => ({
      params: z.object({ id: uuidParam }),
      body: groupSchemas().GroupUpdateBodySchema,
      response: dataOf(groupSchemas().GroupSchema),
    }),
  ),
  'groups.delete': define(
    {
      name: 'groups.delete',
      method: 'DELETE',
      path: '/api/v1/groups/{id}',
      summary: 'Delete a group (memberships go, user accounts stay)',
      description: 'Deletes a group and its memberships; the user accounts stay.',
      refusals: ['not-found'],
      destructive: true,
    },
    () => ({
      params: z.object({ id: uuidParam }),
      response: commonSchemas().MessageSchema,
    }),
  ),
  'groups.listUsers': define(
    {
      name: 'groups.listUsers',
      method: 'GET',
      path: '/api/v1/groups/{group}/users',
      summary: 'List the users of a group',
      description: 'The members of a group, in the order they joined.',
      refusals: ['not-found'],
    },
    () => ({
      params: z.object({ group: uuidParam }),
      response: listOf(userSchemas().UserSchema),
    }),
  ),
  'groups.addUser': define(
    {
      name: 'groups.addUser',
      method: 'POST',
      path: '/api/v1/groups/{group}/users',
      summary: 'Add a user to a group',
      description:
        'Adds a user (UUID key, or integer id) to a group. A user already in the group is refused and no duplicate is made.',
      refusals: ['not-found', 'rule-violation'],
    },
    () => ({
      params: z.object({ group: uuidParam }),
      body: groupSchemas().GroupUserAddBodySchema,
      response: commonSchemas().MessageSchema,
    }),
  ),
  'groups.removeUser': define(
    {
      name: 'groups.removeUser',
      method: 'DELETE',
      path: '/api/v1/groups/{group}/users',
      summary: 'Remove a user from a group',
      description: 'Removes a user (integer id) from a group.',
      refusals: ['not-found', 'rule-violation'],
      destructive: true,
    },
    () => ({
      params: z.object({ group: uuidParam }),
      body: groupSchemas().GroupUserRemoveBodySchema,
      response: commonSchemas().MessageSchema,
    }),
  ),

  'groups.addUserInPath': define(
    {
      name: 'groups.addUserInPath',
      method: 'POST',
      path: '/api/v1/groups/{group}/users/{user}',
      summary: 'Add a user to a group, the user named in the path',
      description:
        'The membership add with the user (UUID key, or integer id) in the path and no body: the same operation as `POST /api/v1/groups/{group}/users`.',
      refusals: ['not-found', 'rule-violation'],
      assumed: { decision: 'D-ROUTE-GROUP-USER-PATH', evidence: ['D2'] },
      aliasOf: 'groups.addUser',
    },
    () => ({
      params: z.object({ group: stringParam, user: stringParam }),
      response: commonSchemas().MessageSchema,
    }),
  ),
  'groups.removeUserInPath': define(
    {
      name: 'groups.removeUserInPath',
      method: 'DELETE',
      path: '/api/v1/groups/{group}/users/{user}',
      summary: 'Remove a user from a group, the user named in the path',
      description:
        'The membership removal with the user (UUID key, or integer id) in the path and no body: the same operation as `DELETE /api/v1/groups/{group}/users`.',
      refusals: ['not-found', 'rule-violation'],
      destructive: true,
      assumed: { decision: 'D-ROUTE-GROUP-USER-PATH', evidence: ['D2'] },
      aliasOf: 'groups.removeUser',
    },
    () => ({
      params: z.object({ group: stringParam, user: stringParam }),
      response: commonSchemas().MessageSchema,
    }),
  ),

  'feedback.list': define(
    {
      name: 'feedback.list',
      method: 'GET',
      path: '/api/v1/feedback',
      summary: 'List feedback entries, newest first',
      description: 'Every feedback entry of the portal, newest first.',
    },
    () => ({
      response: listOf(feedbackSchemas().FeedbackSchema),
    }),
  ),
  'feedback.create': define(
    {
      name: 'feedback.create',
      method: 'POST',
      path: '/api/v1/feedback',
      summary: 'Create a feedback entry',
      description:
        "Creates a feedback entry. Without a known `user_id` it is attributed to the authenticated user (the portal's first administrator) or to an anonymous author.",
      editorText: 'feedback',
    },
    () => ({
      body: feedbackSchemas().FeedbackCreateBodySchema,
      response: dataOf(feedbackSchemas().FeedbackSchema),
    }),
  ),
  'feedback.update': define(
    {
      name: 'feedback.update',
      method: 'PUT',
      path: '/api/v1/feedback/{id}',
      summary: 'Update the text of a feedback entry',
      description: 'Replaces the text of a feedback entry.',
      refusals: ['not-found'],
      editorText: 'feedback',
    },
    () => ({
      params: z.object({ id: stringParam }),
      body: feedbackSchemas().FeedbackUpdateBodySchema,
      response: dataOf(feedbackSchemas().FeedbackSchema),
    }),
  ),
  'feedback.updatePatch': define(
    {
      name: 'feedback.updatePatch',
      method: 'PATCH',
      path: '/api/v1/feedback/{id}',
      summary: 'Update the text of a feedback entry (PATCH)',
      description: 'The feedback update with the verb PATCH: the same operation as `PUT /api/v1/feedback/{id}`.',
      refusals: ['not-found'],
      assumed: { decision: 'D-ROUTE-FEEDBACK-PATCH', evidence: ['D3'] },
      aliasOf: 'feedback.update',
    },
    () => ({
      params: z.object({ id: stringParam }),
      body: feedbackSchemas().FeedbackUpdateBodySchema,
      response: dataOf(feedbackSchemas().FeedbackSchema),
    }),
  ),
  'feedback.delete': define(
    {
      name: 'feedback.delete',
      method: 'DELETE',
      path: '/api/v1/feedback/{id}',
      summary: 'Delete a feedback entry',
      description: 'Deletes a feedback entry.',
      refusals: ['not-found'],
      destructive: true,
    },
    () => ({
      params: z.object({ id: stringParam }),
      response: commonSchemas().EmptySchema,
    }),
  ),
  'feedback.summarize': define(
    {
      name: 'feedback.summarize',
      method: 'POST',
      path: '/api/v1/feedback/summarize',
      summary: 'Summarize the filtered feedback entries',
      description:
        'A summary of the entries that match every filter sent (all optional): counts by type, sentiment and focus, and the most frequent phrases.',
    },
    () => ({
      body: feedbackSchemas().FeedbackSummarizeBodySchema,
      response: dataOf(feedbackSchemas().FeedbackSummarySchema),
    }),
  ),

  'moderation.pending': define(
    {
      name: 'moderation.pending',
      method: 'GET',
      path: '/api/v1/moderation/pending',
      summary: 'Pending posts and comments, newest first, cursor-paginated',
      description:
        "Pending posts and comments, newest first (highest id first), both collections in one response. Each collection has its own id cursor: send `last_post_id` and `last_comment_id` from the previous page's `meta`; omit both for the first page.",
    },
    () => ({
      query: moderationSchemas().ModerationPendingQuerySchema,
      response: moderationSchemas().ModerationPendingResponseSchema,
    }),
  ),
  'moderation.rejected': define(
    {
      name: 'moderation.rejected',
      method: 'GET',
      path: '/api/v1/moderation/rejected',
      summary: 'Rejected posts and comments, paginated',
      description: 'Rejected posts and comments, newest first, 20 of each per page.',
    },
    () => ({
      query: moderationSchemas().ModerationRejectedQuerySchema,
      response: moderationSchemas().ModerationRejectedResponseSchema,
    }),
  ),
  'moderation.reject': define(
    {
      name: 'moderation.reject',
      method: 'POST',
      path: '/api/v1/moderation/reject/{type}/{identifier}',
      summary: 'Reject a pending post or comment',
      description:
        'Sets a pending post (by key) or comment (by numeric id) to rejected and records the moderator and time. An item that is not pending is refused.',
      refusals: ['not-found', 'rule-violation'],
      destructive: true,
    },
    () => ({
      params: z.object({ type: moderationSchemas().ModerationTypeSchema, identifier: stringParam }),
      response: moderationSchemas().ModerationActionResponseSchema,
    }),
  ),
  'moderation.approve': define(
    {
      name: 'moderation.approve',
      method: 'POST',
      path: '/api/v1/moderation/approve/{type}/{identifier}',
      summary: 'Approve a pending post or comment',
      description:
        'Sets a pending post (by key) or comment (by numeric id) to approved and records the moderator and time; for a post, the translation, auto-tagging and auto-reply jobs run again. An item that is not pending is refused.',
      refusals: ['not-found', 'rule-violation'],
    },
    () => ({
      params: z.object({ type: moderationSchemas().ModerationTypeSchema, identifier: stringParam }),
      response: moderationSchemas().ModerationActionResponseSchema,
    }),
  ),

  'knowledgebase.scanLinks': define(
    {
      name: 'knowledgebase.scanLinks',
      method: 'POST',
      path: '/api/v1/knowledgebase/link-health/scan',
      summary: 'Start a link-health scan of every article of a knowledge-base tab',
      description:
        'Starts a scan of every http(s) link in every article of the knowledge-base tab `tab_id`; poll the returned `scan_id`. Links answering 4xx or 5xx, and unreachable hosts, are flagged.',
      refusals: ['queue-full'],
    },
    () => ({
      body: knowledgebaseSchemas().TabIdBodySchema,
      response: dataOf(knowledgebaseSchemas().ScanProgressSchema),
    }),
  ),
  'knowledgebase.scanProgress': define(
    {
      name: 'knowledgebase.scanProgress',
      method: 'GET',
      path: '/api/v1/knowledgebase/link-health/progress/{scanId}',
      summary: 'Poll the progress of a link-health scan',
      description:
        'Progress of a link-health scan: queued, running, completed or failed, with counts of distinct URLs.',
      refusals: ['not-found'],
    },
    () => ({
      params: z.object({ scanId: stringParam }),
      response: dataOf(knowledgebaseSchemas().ScanProgressSchema),
    }),
  ),
  'knowledgebase.linkResults': define(
    {
      name: 'knowledgebase.linkResults',
      method: 'GET',
      path: '/api/v1/knowledgebase/link-health/results/{tabId}',
      summary: 'Latest per-article link health of a tab, failed first',
      description:
        'Per-article link health from the latest completed scan of the tab, failed articles first. An unknown tab is a 422 on `tab_id`, as in the other knowledge-base operations.',
      refusals: ['invalid-param'],
    },
    () => ({
      params: z.object({ tabId: intParam }),
      response: dataOf(knowledgebaseSchemas().LinkHealthResultsSchema),
    }),
  ),
  'knowledgebase.export': define(
    {
      name: 'knowledgebase.export',
      method: 'GET',
      path: '/api/v1/knowledgebase/sync/export',
      summary: 'Download the sections and articles of a tab as a ZIP of markdown files',
      description:
        "Every section and article of the knowledge-base tab as markdown files in a ZIP archive, with the AI instruction files (`CLAUDE.md`, `.cursorrules`) at its root and the tab's images under `images/`, linked from the articles by relative paths (assumed: decisions D-KB-INSTRUCTION-FILES and D-KB-IMAGES, on evidence KB-SYNC). `tab_id` is a query parameter.",
      responseType: 'zip',
    },
    () => ({
      query: knowledgebaseSchemas().TabIdBodySchema,
      response: z.instanceof(Uint8Array),
    }),
  ),
  'knowledgebase.preview': define(
    {
      name: 'knowledgebase.preview',
      method: 'POST',
      path: '/api/v1/knowledgebase/sync/preview',
      summary: 'Preview what a ZIP would create, update and delete',
      description:
        'What a ZIP archive (at most 102400 kilobytes) would create, update and delete in the tab, without changing anything; also the images it would add, change and remove, and the AI instruction files it leaves alone (assumed: decisions D-KB-IMAGES and D-KB-INSTRUCTION-FILES, on evidence KB-SYNC).',
      refusals: ['rule-violation'],
    },
    () => ({
      multipart: knowledgebaseSchemas().SyncMultipartFieldsSchema,
      response: dataOf(knowledgebaseSchemas().SyncPlanSchema),
    }),
  ),
  'knowledgebase.execute': define(
    {
      name: 'knowledgebase.execute',
      method: 'POST',
      path: '/api/v1/knowledgebase/sync/execute',
      summary: 'Apply a sync from a ZIP; deletions only when confirmed',
      description:
        "Applies a ZIP archive to the tab: creates and updates, and only the deletions confirmed in `delete_confirmed[]` (post keys or ids) and `delete_sections_confirmed[]` (section ids); the archive's images are stored, served under the portal and linked into the articles (assumed: decision D-KB-IMAGES, on evidence KB-SYNC).",
      refusals: ['rule-violation'],
      destructive: true,
    },
    () => ({
      multipart: knowledgebaseSchemas().SyncMultipartFieldsSchema,
      response: dataOf(knowledgebaseSchemas().SyncResultSchema),
    }),
  ),
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type OperationName = keyof Endpoints;
export const endpointList: readonly Endpoint[] = Object.values(endpoints);

/** Fill `{param}` placeholders, URL-encoding each value. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
