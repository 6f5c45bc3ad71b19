import { randomBytes } from 'node:crypto';
import { triggerOverrideSchemas, unknownOverride, type WebhookEventName } from '../../contract/schemas/webhook.js';
import { fieldErrors } from '../../contract/validation.js';
import type { PostRecord } from '../../seed-file/seed-file.js';
import type { Portal } from '../store/portal.js';
import { createComment, deleteComment } from './comments.js';
import { RuleViolation, ValidationError } from './errors.js';
import { moderate } from './moderation.js';
import { changePostStatus } from './posts-events.js';
import { findPostByKey } from './posts-find.js';
import { createPost, deletePost } from './posts-write.js';
import { addAnonymousVote, ALREADY_VOTED, isVoteable, removeAnonymousVote } from './votes.js';

type StatusName = { id: number; name: string } | null;

/** What a trigger made or changed, so that the one who asked can see it (and undo it). */
export interface TriggerOutcome {
  /** The event's id. */
  id: string;
  event: WebhookEventName;
  /** The post made, voted on, commented on or moved. */
  post: { key: string; title: string };
  comment_id?: number;
  anonymous_id?: string;
  /** A status change: the post's status before and after. */
  status?: { before: StatusName; after: StatusName };
  /** The item made for the event was deleted again (post.deleted, comment.deleted, vote.deleted). */
  deleted?: true;
}

type Change = Omit<TriggerOutcome, 'id' | 'event'>;
type Overrides = Record<string, unknown>;

/**
 * `POST /__reference/events/trigger`: the real change behind an event, made on the
 * portal's own data (the first post open to votes, its first member) or on what the
 * overrides name, so the event is emitted, logged and delivered as any other. A change
 * that needs another first makes it (vote.deleted votes, then takes the vote back;
 * post.deleted makes a post, then deletes it). Answers the event's id and what changed.
 */
export function triggerEvent(portal: Portal, event: WebhookEventName, overrides: Overrides, now: Date): TriggerOutcome {
  const fields = underOverrides(() => checkedOverrides(event, overrides));
  const before = portal.eventLog.latestId(event);
  const change = underOverrides(() => FIXTURES[event](portal, fields, now));
  const id = portal.eventLog.latestId(event);
  if (id === undefined || id === before) throw new RuleViolation(`The portal has no data to trigger ${event} with.`);
  return { id, event, ...change };
}

/** A field the change refuses is a field of the overrides (`overrides.category_id`). */
function underOverrides<T>(change: () => T): T {
  try {
    return change();
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const prefixed = (field: string) => (field.startsWith('overrides.') ? field : `overrides.${field}`);
    throw new ValidationError(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [prefixed(k), v])));
  }
}

function checkedOverrides(event: WebhookEventName, overrides: Overrides): Overrides {
  const unknown = unknownOverride(event, overrides);
  if (unknown) throw ValidationError.field(unknown.field, unknown.message);
  const parsed = triggerOverrideSchemas()[event].safeParse(overrides);
  if (!parsed.success) throw new ValidationError(fieldErrors(parsed.error));
  return parsed.data as Overrides;
}

const TEXT = (event: string) => `Triggered by fp webhooks trigger ${event}.`;

const named = (post: PostRecord) => ({ key: post.key, title: post.title });

/** The post named by the `post` override (it must be open to votes), else the first that is. */
function votablePost(portal: Portal, key: unknown): PostRecord {
  if (typeof key === 'string') {
    const post = findPostByKey(portal, key);
    if (!isVoteable(portal, post)) throw new RuleViolation(`The post ${key} is not open to votes and comments.`);
    return post;
  }
  const post = portal.posts.list().find((p) => isVoteable(portal, p));
  if (!post) throw new RuleViolation('The portal has no post open to votes.');
  return post;
}

function member(portal: Portal): string {
  const user = portal.users.first('member') ?? portal.users.first();
  if (!user) throw new RuleViolation('The portal has no users.');
  return user.id;
}

/** A comment that is visible (approved): approved at once where the portal moderates comments. */
function visibleComment(portal: Portal, fields: Overrides, now: Date, silent: boolean): Change {
  const post = votablePost(portal, fields.post);
  const comment = createComment(
    portal,
    post.key,
    {
      comment: (fields.comment as string | undefined) ?? TEXT('comment'),
      user_id: (fields.user_id as string | undefined) ?? member(portal),
      parent_id: fields.parent_id as number | undefined,
      silent,
    },
    now,
  );
  if (comment.moderation_status === 'pending') moderate(portal, 'approve', 'comment', String(comment.id), now);
  return { post: named(post), comment_id: comment.id };
}

const statusName = (portal: Portal, id: number | null): StatusName => {
  const status = id === null ? undefined : portal.statuses.get(id);
  return status ? { id: status.id, name: status.name } : null;
};

/** Another status of the post's board (or of no board); failing that, none. */
function otherStatus(portal: Portal, post: PostRecord): number | null | undefined {
  const other = portal.statuses
    .list()
    .find((s) => s.id !== post.status_id && (s.tab_id === null || s.tab_id === post.tab_id));
  if (other) return other.id;
  return post.status_id === null ? undefined : null;
}

/** The post and status the overrides name, else a post open to votes and another status it can take. */
function statusMove(portal: Portal, fields: Overrides): { post: PostRecord; statusId: number | null } {
  const post = typeof fields.post === 'string' ? findPostByKey(portal, fields.post) : undefined;
  const wanted = fields.status_id as number | null | undefined;
  if (wanted != null && !portal.statuses.get(wanted))
    throw ValidationError.field('status_id', 'The selected status id is invalid.');
  const candidates = post ? [post] : portal.posts.list().filter((p) => isVoteable(portal, p));
  for (const candidate of candidates) {
    const statusId = wanted === undefined ? otherStatus(portal, candidate) : wanted;
    if (statusId !== undefined && statusId !== candidate.status_id) return { post: candidate, statusId };
  }
  if (post) throw new RuleViolation(`The post ${post.key} already has that status.`);
  throw new RuleViolation('The portal has no post whose status can change.');
}

const anonymousId = () => randomBytes(16).toString('hex');

function newPost(portal: Portal, fields: Overrides, event: string, now: Date): PostRecord {
  return createPost(portal, { ...fields, title: (fields.title as string | undefined) ?? TEXT(event) }, now);
}

const FIXTURES: Record<WebhookEventName, (portal: Portal, fields: Overrides, now: Date) => Change> = {
  'post.created': (portal, fields, now) => ({ post: named(newPost(portal, fields, 'post.created', now)) }),
  // A post of its own, made and deleted, so the demo data keeps its posts.
  'post.deleted': (portal, fields, now) => {
    const post = newPost(portal, fields, 'post.deleted', now);
    deletePost(portal, post.key, now);
    return { post: named(post), deleted: true };
  },
  'post.status_changed': (portal, fields, now) => {
    const { post, statusId } = statusMove(portal, fields);
    if (post.moderation_status !== 'approved')
      throw new RuleViolation(`The post ${post.key} is not approved: its status changes are not announced.`);
    const before = statusName(portal, post.status_id);
    changePostStatus(portal, post, statusId, now);
    return { post: named(post), status: { before, after: statusName(portal, statusId) } };
  },
  'comment.created': (portal, fields, now) => visibleComment(portal, fields, now, false),
  // Created silent, so only its deletion is announced.
  'comment.deleted': (portal, fields, now) => {
    const made = visibleComment(portal, fields, now, true);
    deleteComment(portal, String(made.comment_id), now);
    return { ...made, deleted: true };
  },
  'vote.created': (portal, fields, now) => {
    const post = votablePost(portal, fields.post);
    const voter = (fields.anonymous_id as string | undefined) ?? anonymousId();
    addAnonymousVote(portal, post.key, voter, now);
    return { post: named(post), anonymous_id: voter };
  },
  // A voter who has not voted votes first; one who has is taken back.
  'vote.deleted': (portal, fields, now) => {
    const post = votablePost(portal, fields.post);
    const voter = (fields.anonymous_id as string | undefined) ?? anonymousId();
    try {
      addAnonymousVote(portal, post.key, voter, now);
    } catch (err) {
      if (!(err instanceof RuleViolation && err.message === ALREADY_VOTED)) throw err;
    }
    removeAnonymousVote(portal, post.key, voter, now);
    return { post: named(post), anonymous_id: voter, deleted: true };
  },
};
