import * as z from 'zod';
import { lazily } from '../lazily.js';
import { attributeName, looseBoolean, requiredString } from '../validation.js';
import { commentSchemas } from './comment.js';
import { postSchemas } from './post.js';

/**
 * The portal's outgoing events and the reference server's management of webhook
 * endpoints (`/__reference/webhooks`, not part of the product's API). Assumed shapes:
 * the portal's help pages name the events, the envelope and the limits
 * (api-beyond-the-seed.md §12); D-WEBHOOK-* in docs/decisions.md say what was decided.
 */
export const WEBHOOK_EVENTS = [
  'post.created',
  'post.deleted',
  'post.status_changed',
  'vote.created',
  'vote.deleted',
  'comment.created',
  'comment.deleted',
] as const;

export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

export const isWebhookEvent = (name: string): name is WebhookEventName =>
  (WEBHOOK_EVENTS as readonly string[]).includes(name);

/** Endpoints a portal may have (the portal's help pages). */
export const MAX_WEBHOOKS = 10;

export const TOO_MANY_WEBHOOKS = `A portal can have at most ${MAX_WEBHOOKS} webhooks.`;

/** `whsec_` and the base64 of the key, as Standard Webhooks writes secrets. */
export const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/]{32,}={0,2}$/;

/** Delivery states: waiting its turn, waiting to be retried, done, given up, or not sent (endpoint disabled). */
const DELIVERY_STATES = ['pending', 'retrying', 'delivered', 'failed', 'skipped'] as const;

function webhookUrl(field: string) {
  return z
    .string({ error: `The ${attributeName(field)} field is required.` })
    .refine((v) => v.length > 0, { error: `The ${attributeName(field)} field is required.`, abort: true })
    .refine((v) => isHttpUrl(v), { error: `The ${attributeName(field)} field must be a valid URL.` });
}

/** An absolute http(s) URL without credentials (a secret in a URL would be listed). */
export function isHttpUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
}

/** One of the seven events; the message names the valid ones. */
const eventName = (field: string) =>
  z.enum(WEBHOOK_EVENTS, {
    error: (issue) =>
      `The selected ${attributeName(field)} ${JSON.stringify(issue.input)} is invalid: the events are ${WEBHOOK_EVENTS.join(', ')}.`,
  });

/** A list of event names; none (or empty) means every event. */
const eventList = () => z.array(eventName('event'), { error: 'The events field must be an array.' });

/** Fields of the change behind a triggered event (triggerOverrideSchemas checks them per event). */
const overridesField = () =>
  z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]), {
    error: 'The overrides field must be an object of field names and values.',
  });

export const webhookSchemas = lazily(() => {
  const events = eventList();

  const WebhookCreateBodySchema = z.object({
    url: webhookUrl('url'),
    events: events.nullish(),
    secret: z
      .string({ error: 'The secret field must be a string.' })
      .regex(WEBHOOK_SECRET, { error: 'The secret field must be a whsec_ secret (base64, at least 24 bytes).' })
      .nullish(),
  });

  const WebhookUpdateBodySchema = z.object({
    url: webhookUrl('url').optional(),
    events: events.nullish(),
    enabled: looseBoolean('enabled'),
  });

  const WebhookSchema = z.looseObject({
    id: z.number().int(),
    url: z.string(),
    events: z.array(z.string()),
    enabled: z.boolean(),
    consecutive_failures: z.number().int(),
    disabled_reason: z.string().nullable(),
    created_at: z.string(),
  });

  const WebhookCreatedSchema = WebhookSchema.extend({ secret: z.string() });

  const DeliverySchema = z.looseObject({
    event_id: z.string(),
    event: z.string(),
    attempt: z.number().int(),
    status: z.enum(DELIVERY_STATES),
    response_status: z.number().int().nullable(),
    error: z.string().nullable(),
    next_attempt_at: z.string().nullable(),
    delivered_at: z.string().nullable(),
  });

  /** What every delivery carries, and what the events log keeps. */
  const EnvelopeSchema = z.looseObject({
    id: z.string(),
    creation_time: z.string(),
    event: z.enum(WEBHOOK_EVENTS),
    data: z.record(z.string(), z.unknown()),
  });

  /** `GET /__reference/events`: mail and jobs as before; the portal's events carry their envelope and id. */
  const EventLogEntrySchema = z.looseObject({
    type: z.string(),
    occurred_at: z.string(),
    payload: z.record(z.string(), z.unknown()),
    id: z.string().optional(),
  });

  const EventsQuerySchema = z.object({
    /** Entries after this position (from an earlier answer's `next`), for following the log. */
    after: z.coerce.number().int().min(0).optional(),
    /** Only the portal's events (the seven webhook events), not mail and jobs. */
    portal_only: looseBoolean('portal_only'),
  });

  const TriggerBodySchema = z.object({ event: eventName('event'), overrides: overridesField().optional() });

  return {
    WebhookCreateBodySchema,
    WebhookUpdateBodySchema,
    WebhookSchema,
    WebhookCreatedSchema,
    DeliverySchema,
    EnvelopeSchema,
    EventLogEntrySchema,
    EventsQuerySchema,
    TriggerBodySchema,
  };
});

/**
 * What `fp webhooks trigger EVENT --override field=value` may set: the fields of the change
 * behind the event (a post's as `POST /posts` takes them, a comment's as `POST .../comments`
 * does, the post voted on or moved, the anonymous voter, the new status). Each event's
 * schema refuses other fields.
 */
export const triggerOverrideSchemas = lazily(() => {
  const { PostCreateBodySchema, PostUpdateBodySchema } = postSchemas();
  const { CommentCreateBodySchema } = commentSchemas();
  const post = requiredString('post', { max: 255 }).optional();
  const comment = CommentCreateBodySchema.pick({ comment: true, user_id: true, parent_id: true })
    .partial()
    .extend({ post });
  const vote = z.object({ post, anonymous_id: requiredString('anonymous_id', { max: 255 }).optional() });
  const newPost = PostCreateBodySchema.partial();
  return {
    'post.created': newPost,
    'post.deleted': newPost,
    'post.status_changed': z.object({ post, status_id: PostUpdateBodySchema.shape.status_id }),
    'vote.created': vote,
    'vote.deleted': vote,
    'comment.created': comment,
    'comment.deleted': comment,
  } satisfies Record<WebhookEventName, z.ZodObject>;
});

/** The fields each event's `--override` takes, for help and usage errors. */
export const triggerOverrideFields = (event: WebhookEventName): string[] =>
  Object.keys(triggerOverrideSchemas()[event].shape);

/** An override that is not a field of the event's change: the message names the fields it has. */
export function unknownOverride(
  event: WebhookEventName,
  overrides: Record<string, unknown>,
): { field: string; message: string } | undefined {
  const fields = triggerOverrideFields(event);
  const field = Object.keys(overrides).find((name) => !fields.includes(name));
  if (field === undefined) return undefined;
  return { field, message: `${field} is not a field of ${event}; its fields are ${fields.join(', ')}.` };
}

/** `GET /__reference/webhooks/{id}/deliveries`: the log, newest first, and what waits (D-WEBHOOK-BACKLOG). */
export const deliveryLogSchema = lazily(() =>
  z.looseObject({
    data: z.array(webhookSchemas().DeliverySchema),
    backlog: z.looseObject({
      waiting: z.number().int(),
      oldest_event_at: z.string().nullable(),
      lag_seconds: z.number(),
    }),
  }),
);

type WebhookSchemas = ReturnType<typeof webhookSchemas>;

export type WebhookCreateBody = z.infer<WebhookSchemas['WebhookCreateBodySchema']>;
export type WebhookUpdateBody = z.infer<WebhookSchemas['WebhookUpdateBodySchema']>;
export type Webhook = z.infer<WebhookSchemas['WebhookSchema']>;
export type Delivery = z.infer<WebhookSchemas['DeliverySchema']>;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
export type Envelope = z.infer<WebhookSchemas['EnvelopeSchema']>;
export type EventLogEntry = z.infer<WebhookSchemas['EventLogEntrySchema']>;
