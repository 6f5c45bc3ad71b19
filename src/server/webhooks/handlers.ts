import { triggerEvent } from '../domain/trigger-event.js';
import { backlogOf } from '../domain/webhook-backlog.js';
import { createWebhook, deleteWebhook, findWebhook, resendDelivery, updateWebhook } from '../domain/webhooks.js';
import { ValidationError } from '../domain/errors.js';
import type { EgressPolicy } from '../egress/egress-guard.js';
import { ok, type HandlerMap } from '../handlers/types.js';
import { presentDelivery, presentEventLog, presentWebhook } from './present.js';
import { refusedTarget } from './target-policy.js';

/** A registered or moved endpoint's address must be one deliveries may go to (judged by name resolution). */
async function assertTarget(url: string, egress: EgressPolicy | undefined): Promise<void> {
  const refused = await refusedTarget(url, egress ?? {});
  if (refused !== undefined) throw ValidationError.field('url', refused);
}

/**
 * `/__reference/events…` and `/__reference/webhooks…`: the events log and webhook management.
 * A write that first resolves a name runs its change in a transaction of its own after it.
 */
export const webhookHandlers: HandlerMap = {
  'events.list': ({ portal, query }) => {
    const entries = portal.eventLog.list({ after: query.after, portalOnly: query.portal_only === true });
    return ok(presentEventLog(entries, query.after ?? 0));
  },

  'events.trigger': ({ portal, body, now }) =>
    ok({ data: triggerEvent(portal, body.event, body.overrides ?? {}, now) }, 201),

  'webhooks.list': ({ portal }) => ok({ data: portal.webhooks.list().map(presentWebhook) }),

  'webhooks.create': async ({ portal, store, body, now, services }) => {
    await assertTarget(body.url, services.webhookEgress);
    const endpoint = store.transaction(() => createWebhook(portal, body, now));
    return ok({ data: { ...presentWebhook(endpoint), secret: endpoint.secret } }, 201);
  },

  'webhooks.update': async ({ portal, store, params, body, services }) => {
    findWebhook(portal, params.id);
    if (body.url !== undefined) await assertTarget(body.url, services.webhookEgress);
    const endpoint = store.transaction(() => updateWebhook(portal, params.id, body));
    return ok({ data: presentWebhook(endpoint) });
  },

  'webhooks.delete': ({ portal, params }) => {
    deleteWebhook(portal, params.id);
    return ok({ message: 'Webhook deleted.' });
  },

  'webhooks.deliveries': ({ portal, params, now }) => {
    const endpoint = findWebhook(portal, params.id);
    const data = portal.deliveries.list(endpoint.id).map(presentDelivery);
    return ok({ data, backlog: backlogOf(portal, endpoint.id, now) });
  },

  'webhooks.resend': ({ portal, params, now }) =>
    ok(
      {
        message: 'Delivery queued again.',
        data: presentDelivery(resendDelivery(portal, params.id, params.event, now)),
      },
      202,
    ),
};
