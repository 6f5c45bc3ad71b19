import { randomBytes } from 'node:crypto';
import type { Envelope, WebhookEventName } from '../../contract/schemas/webhook.js';
import type { CommentRecord, PostRecord, UserRecord } from '../../seed-file/seed-file.js';
import type { Portal } from '../store/portal.js';
import { NOT_SENT_DISABLED } from './webhooks.js';

/**
 * The portal's events (post.created, comment.deleted, …): each change behind one
 * emits one, in the transaction of the change. The envelope goes to the events log
 * and one delivery per endpoint whose filter takes it joins the queue; a disabled
 * endpoint gets its delivery logged as not sent, so it can be resent later.
 */

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `evt_` and 16 random letters and digits (the portal's ids are 16 alphanumerics). */
function newEventId(): string {
  const bytes = randomBytes(16);
  let id = 'evt_';
  // 62 does not divide 256: the first 248 values map evenly, the rest are drawn again.
  for (let i = 0; id.length < 20; i++) {
    const b = i < bytes.length ? bytes[i] : randomBytes(1)[0];
    if (b < 248) id += ALPHANUMERIC[b % 62];
  }
  return id;
}

/** ISO 8601 UTC to the second, as the portal writes `creation_time` (`2022-06-01T18:17:37Z`). */
const isoSeconds = (at: Date): string => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Who acted: a user, or a user's id (an author who may since have been deleted). */
type Actor = UserRecord | string | undefined;

/** What an event is about, as the domain knows it; how it reads (`data`) is the presenters' part. */
export type EventSubject =
  | { kind: 'post'; post: PostRecord; by: Actor; changes?: Record<string, unknown> }
  | { kind: 'comment'; comment: CommentRecord; post: PostRecord; by: Actor }
  | {
      kind: 'anonymous-vote';
      vote: { anonymous_id: string; created_at: string };
      post: PostRecord;
      comment?: CommentRecord;
    }
  | { kind: 'user-vote'; vote: { id: number; created_at: string }; voter: UserRecord; post: PostRecord };

/** An envelope's `data` for a subject: the subject as the API shows it (D-WEBHOOK-DATA). */
export type DescribeEvent = (portal: Portal, subject: EventSubject) => Record<string, unknown>;

let describe: DescribeEvent | undefined;

/**
 * How the portal's events read: the app hands the domain the presenters' description
 * (`present/event-data.ts`), so the domain says what happened and never imports a presenter.
 */
export function describeEventsWith(describer: DescribeEvent): void {
  describe = describer;
}

export function emitPortalEvent(portal: Portal, event: WebhookEventName, subject: EventSubject, now: Date): Envelope {
  if (!describe) throw new Error('portal events are described by the app: call describeEventsWith first');
  const envelope: Envelope = {
    id: newEventId(),
    creation_time: isoSeconds(now),
    event,
    data: describe(portal, subject),
  };
  portal.eventLog.append({ type: event, occurred_at: now.toISOString(), payload: envelope });
  portal.deliveries.enqueue(envelope.id, event, now.getTime(), NOT_SENT_DISABLED);
  return envelope;
}
