import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { webhookSchemas } from '../../contract/schemas/webhook.js';
import { fieldErrors } from '../../contract/validation.js';
import { ValidationError } from '../domain/errors.js';
import { triggerEvent } from '../domain/trigger-event.js';
import { backlogOf } from '../domain/webhook-backlog.js';
import { createWebhook, deleteWebhook, findWebhook, resendDelivery, updateWebhook } from '../domain/webhooks.js';
import { HttpError } from '../http/error-response.js';
import { normalizeInput } from '../http/normalize-input.js';
import { readJson } from '../http/read-json.js';
import { readQuery } from '../http/read-query.js';
import { decodePathSegment } from '../http/request-path.js';
import { sendJson } from '../http/respond.js';
import type { EgressPolicy } from '../egress/egress-guard.js';
import type { Portal } from '../store/portal.js';
import type { Store } from '../store/store.js';
import { presentDelivery, presentEventLog, presentWebhook } from './present.js';
import { refusedTarget } from './target-policy.js';

export interface WebhookRouteRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  method: string;
  portal: Portal;
  store: Store;
  now: Date;
  /** Where webhooks may be delivered (judged when an endpoint is registered or moved). */
  egress: EgressPolicy;
}

type Route = { method: string; path: string; run: (r: WebhookRouteRequest, m: string[]) => Promise<Answer> };
type Answer = { status?: number; body: unknown };

/** `/__reference/webhooks…` and `/__reference/events…`: the events log and webhook management. */
const ROUTES: Route[] = [
  { method: 'GET', path: '/__reference/events', run: listEvents },
  { method: 'POST', path: '/__reference/events/trigger', run: trigger },
  { method: 'GET', path: '/__reference/webhooks', run: async ({ portal }) => ({ body: listWebhooks(portal) }) },
  { method: 'POST', path: '/__reference/webhooks', run: create },
  { method: 'PATCH', path: '/__reference/webhooks/{id}', run: update },
  { method: 'DELETE', path: '/__reference/webhooks/{id}', run: remove },
  { method: 'GET', path: '/__reference/webhooks/{id}/deliveries', run: deliveries },
  { method: 'POST', path: '/__reference/webhooks/{id}/deliveries/{event}/resend', run: resend },
];

/** Each route's path as a pattern: a `{name}` is one segment. */
const PATTERNS = new Map(ROUTES.map((r) => [r, new RegExp(`^${r.path.replace(/\{\w+\}/g, '([^/]+)')}$`)]));

/** The webhook and event routes, as `{method, path}` with `{name}` for each parameter. */
export const webhookRoutes = (): Array<{ method: string; path: string }> =>
  ROUTES.map(({ method, path }) => ({ method, path }));

export function isWebhookRoute(path: string): boolean {
  return /^\/__reference\/(?:webhooks|events)(?:\/|$)/.test(path);
}

/** The routes of a path, or a 404/405 as the router words them. Authentication is the caller's. */
export async function handleWebhookRoute(r: WebhookRouteRequest): Promise<void> {
  const path = r.url.pathname;
  const matching = ROUTES.filter((route) => PATTERNS.get(route)!.test(path));
  if (matching.length === 0) throw new HttpError(404, `The route ${path.slice(1)} could not be found.`);
  const route = matching.find((m) => m.method === r.method);
  if (!route) {
    const allowed = matching.map((m) => m.method).join(', ');
    throw new HttpError(
      405,
      `The ${r.method} method is not supported for route ${path.slice(1)}. Supported methods: ${allowed}.`,
      { allow: allowed },
    );
  }
  const params = PATTERNS.get(route)!.exec(path)!.slice(1).map(decodePathSegment);
  const answer = await route.run(r, params);
  sendJson(r.res, answer.status ?? 200, answer.body);
}

function validate<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(normalizeInput(input));
  if (!parsed.success) throw new ValidationError(fieldErrors(parsed.error));
  return parsed.data;
}

/** A write, kept or undone whole, answered once it is on disk. */
async function write<T>(store: Store, change: () => T): Promise<T> {
  const result = store.transaction(change);
  await store.commit();
  return result;
}

async function listEvents({ portal, url }: WebhookRouteRequest): Promise<Answer> {
  const query = validate(webhookSchemas().EventsQuerySchema, readQuery(url.searchParams));
  const entries = portal.eventLog.list({ after: query.after, portalOnly: query.portal_only === true });
  return { body: presentEventLog(entries, query.after ?? 0) };
}

async function trigger({ portal, store, req, now }: WebhookRouteRequest): Promise<Answer> {
  const { event, overrides } = validate(webhookSchemas().TriggerBodySchema, await readJson(req));
  const outcome = await write(store, () => triggerEvent(portal, event, overrides ?? {}, now));
  return { status: 201, body: { data: outcome } };
}

function listWebhooks(portal: Portal): unknown {
  return { data: portal.webhooks.list().map(presentWebhook) };
}

async function assertTarget(url: string, egress: EgressPolicy): Promise<void> {
  const refused = await refusedTarget(url, egress);
  if (refused !== undefined) throw ValidationError.field('url', refused);
}

async function create({ portal, store, req, now, egress }: WebhookRouteRequest): Promise<Answer> {
  const body = validate(webhookSchemas().WebhookCreateBodySchema, await readJson(req));
  await assertTarget(body.url, egress);
  const endpoint = await write(store, () => createWebhook(portal, body, now));
  return { status: 201, body: { data: { ...presentWebhook(endpoint), secret: endpoint.secret } } };
}

async function update({ portal, store, req, egress }: WebhookRouteRequest, [id]: string[]): Promise<Answer> {
  findWebhook(portal, id);
  const body = validate(webhookSchemas().WebhookUpdateBodySchema, await readJson(req));
  if (body.url !== undefined) await assertTarget(body.url, egress);
  const endpoint = await write(store, () => updateWebhook(portal, id, body));
  return { body: { data: presentWebhook(endpoint) } };
}

async function remove({ portal, store }: WebhookRouteRequest, [id]: string[]): Promise<Answer> {
  await write(store, () => deleteWebhook(portal, id));
  return { body: { message: 'Webhook deleted.' } };
}

async function deliveries({ portal, now }: WebhookRouteRequest, [id]: string[]): Promise<Answer> {
  const endpoint = findWebhook(portal, id);
  const data = portal.deliveries.list(endpoint.id).map(presentDelivery);
  return { body: { data, backlog: backlogOf(portal, endpoint.id, now) } };
}

async function resend({ portal, store, now }: WebhookRouteRequest, [id, eventId]: string[]): Promise<Answer> {
  const delivery = await write(store, () => resendDelivery(portal, id, eventId, now));
  return { status: 202, body: { message: 'Delivery queued again.', data: presentDelivery(delivery) } };
}
