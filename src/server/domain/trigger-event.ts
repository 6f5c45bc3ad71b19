import { randomBytes } from 'node:crypto';
import type { WebhookEventName } from '../../contract/schemas/webhook.js';
import type { PostRecord } from '../store/state.js';
import type { Portal } from '../store/portal.js';
import { createComment, deleteComment } from './comments.js';
import { RuleViolation } from './errors.js';
import { moderate } from './moderation.js';
import { changePostStatus } from './posts-events.js';
import { addAnonymousVote, isVoteable, removeAnonymousVote } from './votes.js';

/**
 * `POST /__reference/events/trigger`: the real change behind an event, made on the
 * portal's own data (the first post open to votes, its first member), so the event is
 * emitted, logged and delivered as any other. A change that needs another first makes
 * it (vote.deleted votes, then takes the vote back). Answers the event's id.
 */
export function triggerEvent(portal: Portal, event: WebhookEventName, now: Date): string {
  const before = portal.eventLog.latestId(event);
  FIXTURES[event](portal, now);
  const id = portal.eventLog.latestId(event);
  if (id === undefined || id === before) throw new RuleViolation(`The portal has no data to trigger ${event} with.`);
  return id;
}

const TEXT = (event: string) => `Triggered by fp webhooks trigger ${event}.`;

function votablePost(portal: Portal): PostRecord {
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
function visibleComment(portal: Portal, now: Date, silent: boolean): number {
  const comment = createComment(
    portal,
    votablePost(portal).key,
    { comment: TEXT('comment'), user_id: member(portal), silent },
    now,
  );
  if (comment.moderation_status === 'pending') moderate(portal, 'approve', 'comment', String(comment.id), now);
  return comment.id;
}

/** A post open to votes and another status of its tab (or of no tab); failing that, no status at all. */
function statusMove(portal: Portal): { post: PostRecord; statusId: number | null } {
  const posts = portal.posts.list().filter((p) => isVoteable(portal, p));
  for (const post of posts) {
    const other = portal.statuses
      .list()
      .find((s) => s.id !== post.status_id && (s.tab_id === null || s.tab_id === post.tab_id));
    if (other) return { post, statusId: other.id };
  }
  const withStatus = posts.find((p) => p.status_id !== null);
  if (!withStatus) throw new RuleViolation('The portal has no post whose status can change.');
  return { post: withStatus, statusId: null };
}

const anonymousId = () => randomBytes(16).toString('hex');

const FIXTURES: Record<WebhookEventName, (portal: Portal, now: Date) => void> = {
  'comment.created': (portal, now) => void visibleComment(portal, now, false),
  // Created silent, so only its deletion is announced.
  'comment.deleted': (portal, now) => void deleteComment(portal, String(visibleComment(portal, now, true)), now),
  'vote.created': (portal, now) => void addAnonymousVote(portal, votablePost(portal).key, anonymousId(), now),
  'vote.deleted': (portal, now) => {
    const post = votablePost(portal);
    const voter = anonymousId();
    addAnonymousVote(portal, post.key, voter, now);
    removeAnonymousVote(portal, post.key, voter, now);
  },
  'post.status_changed': (portal, now) => {
    const { post, statusId } = statusMove(portal);
    changePostStatus(portal, post, statusId, now);
  },
  'post.created': () => {
    throw new RuleViolation('post.created cannot be triggered on this server yet.');
  },
  'post.deleted': () => {
    throw new RuleViolation('post.deleted cannot be triggered on this server yet.');
  },
};
