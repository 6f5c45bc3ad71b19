import { z } from 'zod';
import { CategoryCreateBodySchema, CategorySchema, CategoryUpdateBodySchema } from './schemas/category.js';
import { CommentCreateBodySchema, CommentSchema, CommentUpdateBodySchema } from './schemas/comment.js';
import { dataOf, EmptySchema, listOf, MessageSchema } from './schemas/common.js';
import {
  FeedbackCreateBodySchema,
  FeedbackSchema,
  FeedbackSummarizeBodySchema,
  FeedbackSummarySchema,
  FeedbackUpdateBodySchema,
} from './schemas/feedback.js';
import {
  GroupCreateBodySchema,
  GroupSchema,
  GroupUpdateBodySchema,
  GroupUserAddBodySchema,
  GroupUserRemoveBodySchema,
} from './schemas/group.js';
import {
  LinkHealthResultsSchema,
  ScanProgressSchema,
  SyncMultipartFieldsSchema,
  SyncPlanSchema,
  SyncResultSchema,
  TabIdBodySchema,
} from './schemas/knowledgebase.js';
import {
  ModerationActionResponseSchema,
  ModerationPendingQuerySchema,
  ModerationPendingResponseSchema,
  ModerationRejectedQuerySchema,
  ModerationRejectedResponseSchema,
  ModerationTypeSchema,
} from './schemas/moderation.js';
import { PortalSchema } from './schemas/portal.js';
import { PostListQuerySchema, PostListResponseSchema } from './schemas/post.js';
import { ReferenceCreateBodySchema, ReferenceSchema } from './schemas/reference.js';
import { UserSchema } from './schemas/user.js';
import { AnonymousVoteSchema } from './schemas/vote.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Path parameters arrive as strings; each endpoint's schema says what they must be. */
const stringParam = z.string().min(1);
const intParam = z.string().regex(/^\d+$/).transform(Number);

export interface Endpoint {
  /** Operation name in the MCP tool form `<group>.<action>`. */
  readonly name: string;
  readonly method: HttpMethod;
  /** Other verbs the same operation answers to (groups update takes PUT or PATCH). */
  readonly alsoMethods?: readonly HttpMethod[];
  /** Path with `{param}` placeholders, relative to the portal's base URL. */
  readonly path: string;
  readonly summary: string;
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
}

function define<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

export const endpoints = {
  'portal.get': define({
    name: 'portal.get', method: 'GET', path: '/api/v1/portal',
    summary: 'Get the portal the API key belongs to',
    response: dataOf(PortalSchema),
  }),

  'posts.list': define({
    name: 'posts.list', method: 'GET', path: '/api/v1/posts',
    summary: 'List posts with filters, ordering and skip/limit pagination',
    query: PostListQuerySchema,
    response: PostListResponseSchema,
  }),

  'votes.addAnonymous': define({
    name: 'votes.addAnonymous', method: 'POST', path: '/api/v1/posts/{key}/anonymous_votes/{anonymous_id}',
    summary: 'Add a vote for an anonymous user',
    params: z.object({ key: stringParam, anonymous_id: stringParam }),
    response: dataOf(AnonymousVoteSchema),
  }),
  'votes.removeAnonymous': define({
    name: 'votes.removeAnonymous', method: 'DELETE', path: '/api/v1/posts/{key}/anonymous_votes/{anonymous_id}',
    summary: "Revoke an anonymous user's vote",
    params: z.object({ key: stringParam, anonymous_id: stringParam }),
    response: EmptySchema,
  }),

  'categories.list': define({
    name: 'categories.list', method: 'GET', path: '/api/v1/categories',
    summary: 'List categories',
    response: listOf(CategorySchema),
  }),
  'categories.create': define({
    name: 'categories.create', method: 'POST', path: '/api/v1/categories',
    summary: 'Create a category',
    body: CategoryCreateBodySchema,
    response: dataOf(CategorySchema),
  }),
  'categories.update': define({
    name: 'categories.update', method: 'PATCH', path: '/api/v1/categories/{id}',
    summary: 'Update a category (name and color both required)',
    params: z.object({ id: intParam }),
    body: CategoryUpdateBodySchema,
    response: dataOf(CategorySchema),
  }),
  'categories.delete': define({
    name: 'categories.delete', method: 'DELETE', path: '/api/v1/categories/{id}',
    summary: 'Delete a category',
    params: z.object({ id: intParam }),
    response: MessageSchema,
    destructive: true,
  }),

  'comments.list': define({
    name: 'comments.list', method: 'GET', path: '/api/v1/posts/{key}/comments',
    summary: 'List the comments of a post, replies included',
    params: z.object({ key: stringParam }),
    response: listOf(CommentSchema),
  }),
  'comments.create': define({
    name: 'comments.create', method: 'POST', path: '/api/v1/posts/{key}/comments',
    summary: 'Create a comment or reply on a post',
    params: z.object({ key: stringParam }),
    body: CommentCreateBodySchema,
    response: dataOf(CommentSchema),
  }),
  'comments.update': define({
    name: 'comments.update', method: 'PUT', path: '/api/v1/comments/{id}',
    summary: 'Update a comment',
    params: z.object({ id: intParam }),
    body: CommentUpdateBodySchema,
    response: dataOf(CommentSchema),
  }),
  'comments.delete': define({
    name: 'comments.delete', method: 'DELETE', path: '/api/v1/comments/{id}',
    summary: 'Delete a comment and its direct replies',
    params: z.object({ id: intParam }),
    response: EmptySchema,
    destructive: true,
  }),

  'references.create': define({
    name: 'references.create', method: 'POST', path: '/api/v1/posts/{key}/references',
    summary: 'Attach a reference to a post',
    params: z.object({ key: stringParam }),
    body: ReferenceCreateBodySchema,
    response: dataOf(ReferenceSchema),
  }),
  'references.delete': define({
    name: 'references.delete', method: 'DELETE', path: '/api/v1/references/{id}',
    summary: 'Delete a reference',
    params: z.object({ id: intParam }),
    response: EmptySchema,
    destructive: true,
  }),

  'groups.list': define({
    name: 'groups.list', method: 'GET', path: '/api/v1/groups',
    summary: 'List groups',
    response: listOf(GroupSchema),
  }),
  'groups.create': define({
    name: 'groups.create', method: 'POST', path: '/api/v1/groups',
    summary: 'Create a group',
    body: GroupCreateBodySchema,
    response: dataOf(GroupSchema),
  }),
  'groups.get': define({
    name: 'groups.get', method: 'GET', path: '/api/v1/groups/{id}',
    summary: 'Get a group',
    params: z.object({ id: stringParam }),
    response: dataOf(GroupSchema),
  }),
  'groups.update': define({
    name: 'groups.update', method: 'PATCH', alsoMethods: ['PUT'], path: '/api/v1/groups/{id}',
    summary: 'Update a group',
    params: z.object({ id: stringParam }),
    body: GroupUpdateBodySchema,
    response: dataOf(GroupSchema),
  }),
  'groups.delete': define({
    name: 'groups.delete', method: 'DELETE', path: '/api/v1/groups/{id}',
    summary: 'Delete a group (memberships go, user accounts stay)',
    params: z.object({ id: stringParam }),
    response: MessageSchema,
    destructive: true,
  }),
  'groups.listUsers': define({
    name: 'groups.listUsers', method: 'GET', path: '/api/v1/groups/{group}/users',
    summary: 'List the users of a group',
    params: z.object({ group: stringParam }),
    response: listOf(UserSchema),
  }),
  'groups.addUser': define({
    name: 'groups.addUser', method: 'POST', path: '/api/v1/groups/{group}/users',
    summary: 'Add a user to a group',
    params: z.object({ group: stringParam }),
    body: GroupUserAddBodySchema,
    response: MessageSchema,
  }),
  'groups.removeUser': define({
    name: 'groups.removeUser', method: 'DELETE', path: '/api/v1/groups/{group}/users',
    summary: 'Remove a user from a group',
    params: z.object({ group: stringParam }),
    body: GroupUserRemoveBodySchema,
    response: MessageSchema,
    destructive: true,
  }),

  'feedback.list': define({
    name: 'feedback.list', method: 'GET', path: '/api/v1/feedback',
    summary: 'List feedback entries, newest first',
    response: listOf(FeedbackSchema),
  }),
  'feedback.create': define({
    name: 'feedback.create', method: 'POST', path: '/api/v1/feedback',
    summary: 'Create a feedback entry',
    body: FeedbackCreateBodySchema,
    response: dataOf(FeedbackSchema),
  }),
  'feedback.update': define({
    name: 'feedback.update', method: 'PUT', path: '/api/v1/feedback/{id}',
    summary: 'Update the text of a feedback entry',
    params: z.object({ id: stringParam }),
    body: FeedbackUpdateBodySchema,
    response: dataOf(FeedbackSchema),
  }),
  'feedback.delete': define({
    name: 'feedback.delete', method: 'DELETE', path: '/api/v1/feedback/{id}',
    summary: 'Delete a feedback entry',
    params: z.object({ id: stringParam }),
    response: EmptySchema,
    destructive: true,
  }),
  'feedback.summarize': define({
    name: 'feedback.summarize', method: 'POST', path: '/api/v1/feedback/summarize',
    summary: 'Summarize the filtered feedback entries',
    body: FeedbackSummarizeBodySchema,
    response: dataOf(FeedbackSummarySchema),
  }),

  'moderation.pending': define({
    name: 'moderation.pending', method: 'GET', path: '/api/v1/moderation/pending',
    summary: 'Pending posts and comments, newest first, cursor-paginated',
    query: ModerationPendingQuerySchema,
    response: ModerationPendingResponseSchema,
  }),
  'moderation.rejected': define({
    name: 'moderation.rejected', method: 'GET', path: '/api/v1/moderation/rejected',
    summary: 'Rejected posts and comments, paginated',
    query: ModerationRejectedQuerySchema,
    response: ModerationRejectedResponseSchema,
  }),
  'moderation.reject': define({
    name: 'moderation.reject', method: 'POST', path: '/api/v1/moderation/reject/{type}/{identifier}',
    summary: 'Reject a pending post or comment',
    params: z.object({ type: ModerationTypeSchema, identifier: stringParam }),
    response: ModerationActionResponseSchema,
    destructive: true,
  }),
  'moderation.approve': define({
    name: 'moderation.approve', method: 'POST', path: '/api/v1/moderation/approve/{type}/{identifier}',
    summary: 'Approve a pending post or comment',
    params: z.object({ type: ModerationTypeSchema, identifier: stringParam }),
    response: ModerationActionResponseSchema,
  }),

  'knowledgebase.scanLinks': define({
    name: 'knowledgebase.scanLinks', method: 'POST', path: '/api/v1/knowledgebase/link-health/scan',
    summary: 'Start a link-health scan of every article of a knowledge-base tab',
    body: TabIdBodySchema,
    response: dataOf(ScanProgressSchema),
  }),
  'knowledgebase.scanProgress': define({
    name: 'knowledgebase.scanProgress', method: 'GET', path: '/api/v1/knowledgebase/link-health/progress/{scanId}',
    summary: 'Poll the progress of a link-health scan',
    params: z.object({ scanId: stringParam }),
    response: dataOf(ScanProgressSchema),
  }),
  'knowledgebase.linkResults': define({
    name: 'knowledgebase.linkResults', method: 'GET', path: '/api/v1/knowledgebase/link-health/results/{tabId}',
    summary: 'Latest per-article link health of a tab, failed first',
    params: z.object({ tabId: intParam }),
    response: dataOf(LinkHealthResultsSchema),
  }),
  'knowledgebase.export': define({
    name: 'knowledgebase.export', method: 'GET', path: '/api/v1/knowledgebase/sync/export',
    summary: 'Download the sections and articles of a tab as a ZIP of markdown files',
    query: TabIdBodySchema,
    response: z.instanceof(Uint8Array),
    responseType: 'zip',
  }),
  'knowledgebase.preview': define({
    name: 'knowledgebase.preview', method: 'POST', path: '/api/v1/knowledgebase/sync/preview',
    summary: 'Preview what a ZIP would create, update and delete',
    multipart: SyncMultipartFieldsSchema,
    response: dataOf(SyncPlanSchema),
  }),
  'knowledgebase.execute': define({
    name: 'knowledgebase.execute', method: 'POST', path: '/api/v1/knowledgebase/sync/execute',
    summary: 'Apply a sync from a ZIP; deletions only when confirmed',
    multipart: SyncMultipartFieldsSchema,
    response: dataOf(SyncResultSchema),
    destructive: true,
  }),
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
