import * as z from 'zod';
import type { Endpoint } from '../contract/endpoints.js';
import { lazily } from '../contract/lazily.js';
import { publicText } from '../contract/public-text.js';
import { webhookSchemas } from '../contract/schemas/webhook.js';

/**
 * Any JSON, each of its strings marked as written by the public: an envelope's `data`
 * (comments, post titles, user names) and a mail's text hold such text in shapes of
 * their own, so the tool fences every string of them rather than guess which.
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

const response = lazily(() => {
  const { EventLogEntrySchema } = webhookSchemas();
  // The envelope's own fields stay plain; `data`, and whatever else a payload holds, is fenced.
  const Payload = z
    .object({ id: z.string().optional(), creation_time: z.string().optional(), event: z.string().optional() })
    .catchall(FencedJson);
  const Entry = EventLogEntrySchema.extend({ payload: Payload });
  return z.object({ data: z.array(Entry), next: z.number().int() });
});

/**
 * `events.list`: the reference server's events log (`GET /__reference/events`) as a
 * read-only tool of its own toolset, `events`. The log is `fp server`'s: the hosted
 * portal has none, and answers 404. Described as the endpoint table describes its
 * entries, so the tool is built, validated and called as every other is; it is not in
 * the table because the portal's API (and the OpenAPI document) has no such operation.
 */
export const eventsListEndpoint: Endpoint = {
  name: 'events.list',
  method: 'GET',
  path: '/__reference/events',
  summary:
    "List the events the portal emitted (post.created, comment.created, vote.created, …) with their webhook envelopes, oldest first; fp server's events log only",
  description:
    'Every event of the portal in order, with mail and jobs unless `portal_only` is set; `after` takes the `next` of an earlier answer to list only what came since.',
  get query() {
    return webhookSchemas().EventsQuerySchema;
  },
  get response() {
    return response();
  },
};
