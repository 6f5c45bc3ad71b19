import * as z from 'zod';
import { define, stringParam, type Endpoint } from './endpoints.js';
import { lazily } from './lazily.js';
import { publicText } from './public-text.js';
import { commonSchemas, dataOf, listOf } from './schemas/common.js';
import { NamedListSchemas } from './schemas/named-lists.js';
import { deliveryLogSchema, webhookSchemas } from './schemas/webhook.js';

/**
 * Any JSON, each of its strings marked as written by the public: an envelope's `data`
 * (comments, post titles, user names) and a mail's text hold such text in shapes of
 * their own, so whoever shows them to an agent fences every string rather than guess which.
 */
const FencedJson: z.ZodType = z.lazy(() =>
  z.union([
    publicText(z.string()),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(FencedJson),
    z.record(z.string(), FencedJson),
  ]),
);

/** A page of the events log: each entry's envelope fields plain, the rest of its payload public text. */
const eventLogPage = lazily(() => {
  const Payload = z
    .object({ id: z.string().optional(), creation_time: z.string().optional(), event: z.string().optional() })
    .catchall(FencedJson);
  const Entry = webhookSchemas().EventLogEntrySchema.extend({ payload: Payload });
  return z.object({ data: z.array(Entry), next: z.number().int() });
});

const StatusName = z.looseObject({ id: z.number(), name: z.string() }).nullable();

/** What `POST /__reference/events/trigger` made or changed to emit the event. */
const triggered = lazily(() =>
  dataOf(
    z.looseObject({
      id: z.string(),
      event: z.string(),
      post: z.looseObject({ key: z.string(), title: z.string() }),
      comment_id: z.number().optional(),
      anonymous_id: z.string().optional(),
      status: z.looseObject({ before: StatusName, after: StatusName }).optional(),
      deleted: z.literal(true).optional(),
    }),
  ),
);

const namedList = (list: keyof typeof NamedListSchemas, what: string) =>
  define(
    {
      name: `reference.${list}`,
      method: 'GET',
      path: `/__reference/${list}`,
      summary: `List the portal's ${what} with their ids and names; fp server only`,
      access: 'admin',
    },
    () => ({ response: z.looseObject({ data: NamedListSchemas[list] }) }),
  );

/**
 * The reference server's own routes (`/__reference/…`): the OpenAPI document it serves, a
 * reset, the lists fp resolves names with, the events log and webhook management. The hosted
 * service has none of them (it answers 404), so they stay out of the public OpenAPI document;
 * they are described as the API's operations are, and served, called and offered as tools the
 * same way.
 */
export const referenceEndpoints = {
  'reference.openapi': define(
    {
      name: 'reference.openapi',
      method: 'GET',
      path: '/__reference/openapi.json',
      summary: "The OpenAPI document of the portal's API, its server the address it was asked at",
      access: 'public',
    },
    () => ({ response: z.looseObject({ openapi: z.string() }) }),
  ),
  'reference.reset': define(
    {
      name: 'reference.reset',
      method: 'POST',
      path: '/__reference/reset',
      summary: 'Put the portal back as its seed made it',
      access: 'admin',
      destructive: true,
    },
    () => ({ response: commonSchemas().MessageSchema }),
  ),
  'reference.tabs': namedList('tabs', 'tabs'),
  'reference.sections': namedList('sections', 'sections'),
  'reference.statuses': namedList('statuses', 'statuses'),
  'reference.tags': namedList('tags', 'tags'),
  'reference.users': namedList('users', 'users'),

  'events.list': define(
    {
      name: 'events.list',
      method: 'GET',
      path: '/__reference/events',
      summary:
        "List the events the portal emitted (post.created, comment.created, vote.created, …) with their webhook envelopes, oldest first; fp server's events log only",
      description:
        'Every event of the portal in order, with mail and jobs unless `portal_only` is set; `after` takes the `next` of an earlier answer to list only what came since.',
      access: 'admin',
    },
    () => ({ query: webhookSchemas().EventsQuerySchema, response: eventLogPage() }),
  ),
  'events.trigger': define(
    {
      name: 'events.trigger',
      method: 'POST',
      path: '/__reference/events/trigger',
      summary: 'Make the change behind an event, so the event is emitted and delivered',
      access: 'admin',
    },
    () => ({ body: webhookSchemas().TriggerBodySchema, response: triggered() }),
  ),
  'webhooks.list': define(
    {
      name: 'webhooks.list',
      method: 'GET',
      path: '/__reference/webhooks',
      summary: "List the portal's webhook endpoints",
      access: 'admin',
    },
    () => ({ response: listOf(webhookSchemas().WebhookSchema) }),
  ),
  'webhooks.create': define(
    {
      name: 'webhooks.create',
      method: 'POST',
      path: '/__reference/webhooks',
      summary: 'Register a webhook endpoint; its secret is shown this once',
      access: 'admin',
    },
    () => ({ body: webhookSchemas().WebhookCreateBodySchema, response: dataOf(webhookSchemas().WebhookCreatedSchema) }),
  ),
  'webhooks.update': define(
    {
      name: 'webhooks.update',
      method: 'PATCH',
      path: '/__reference/webhooks/{id}',
      summary: "Change a webhook endpoint's address, events or state",
      refusals: ['not-found'],
      access: 'admin',
    },
    () => ({
      params: z.object({ id: stringParam }),
      body: webhookSchemas().WebhookUpdateBodySchema,
      response: dataOf(webhookSchemas().WebhookSchema),
    }),
  ),
  'webhooks.delete': define(
    {
      name: 'webhooks.delete',
      method: 'DELETE',
      path: '/__reference/webhooks/{id}',
      summary: 'Remove a webhook endpoint with its delivery log',
      refusals: ['not-found'],
      access: 'admin',
      destructive: true,
    },
    () => ({ params: z.object({ id: stringParam }), response: commonSchemas().MessageSchema }),
  ),
  'webhooks.deliveries': define(
    {
      name: 'webhooks.deliveries',
      method: 'GET',
      path: '/__reference/webhooks/{id}/deliveries',
      summary: "A webhook endpoint's delivery log, newest first, and what waits",
      refusals: ['not-found'],
      access: 'admin',
    },
    () => ({ params: z.object({ id: stringParam }), response: deliveryLogSchema() }),
  ),
  'webhooks.resend': define(
    {
      name: 'webhooks.resend',
      method: 'POST',
      path: '/__reference/webhooks/{id}/deliveries/{event}/resend',
      summary: 'Queue a delivery again, under the same webhook-id',
      refusals: ['not-found'],
      access: 'admin',
    },
    () => ({
      params: z.object({ id: stringParam, event: stringParam }),
      response: z.looseObject({ message: z.string(), data: webhookSchemas().DeliverySchema }),
    }),
  ),
};

export type ReferenceEndpoints = typeof referenceEndpoints;
export type ReferenceOperationName = keyof ReferenceEndpoints;
export const referenceEndpointList: readonly Endpoint[] = Object.values(referenceEndpoints);
