import type { ApiClient } from '../../../client/api-client.js';
import { WEBHOOK_SECRET, type WebhookEventName } from '../../../contract/schemas/webhook.js';
import { generateSecret } from '../../../contract/webhook-signature.js';
import { SilentExit, UsageError } from '../../errors.js';
import { untilInterrupted } from '../../until-interrupted.js';
import { defineCommand } from '../../framework/define-command.js';
import { parseInteger } from '../../parse.js';
import { EVENT_NAMES_HELP } from './event-list.js';
import { forwardPlan, inOrder, type Placed } from './forward-plan.js';
import { readKept, writeKept } from './kept-listener.js';
import { startLoopbackReceiver } from './loopback-receiver.js';
import { deliveryPrinter } from './print-delivery.js';
import { channel } from '../../framework/channel.js';
import { isReferenceServer } from '../../reference-server.js';

interface ListenOptions {
  port?: number;
  forwardTo?: Placed[];
  events?: Placed[];
  secret?: string;
}

/**
 * Registers the receiver on the reference server, reusing the endpoint a listener of this
 * profile left behind (a killed one cannot remove it): it is moved to the new address.
 */
async function register(
  api: ApiClient,
  url: string,
  events: WebhookEventName[],
  secret: string,
  kept: { secret?: string; endpoint_id?: number },
): Promise<number> {
  if (kept.endpoint_id !== undefined) {
    const { data } = await api.call('webhooks.list', {});
    if (data.some((w) => w.id === kept.endpoint_id)) {
      const params = { id: kept.endpoint_id };
      if (kept.secret === secret) {
        await api.call('webhooks.update', { params, body: { url, events, enabled: true } });
        return kept.endpoint_id;
      }
      await api.call('webhooks.delete', { params });
    }
  }
  const created = await api.call('webhooks.create', { body: { url, events, secret } });
  return created.data.id;
}

/** The lines as they come; `close` runs once they stop, however the stream ends. */
async function* closedAfter(lines: AsyncIterable<string>, close: () => Promise<void>): AsyncGenerator<string> {
  try {
    yield* lines;
  } finally {
    await close();
  }
}

export default defineCommand<ListenOptions>({
  name: 'listen',
  description: 'Receive webhooks on this machine: verify, print (or forward) each event',
  flags: [
    { flags: '--port <n>', description: 'port on 127.0.0.1 (default: a free one)', parse: parseInteger },
    {
      flags: '--forward-to <url>',
      description: 're-post each verified delivery, unchanged, to this URL',
      parse: inOrder,
    },
    {
      flags: '--events <list>',
      description: 'comma-separated events to receive (default: all)',
      parse: inOrder,
    },
    { flags: '--secret <whsec_…>', description: 'signing secret (default: the one kept for this profile)' },
  ],
  examples: [
    'fp webhooks listen',
    'fp webhooks listen --forward-to http://localhost:3000/webhooks --events comment.created,comment.deleted',
    'fp webhooks listen --forward-to http://localhost:3000/comments --events comment.created --forward-to http://localhost:4000/all',
    'fp webhooks listen --json',
  ],
  help: `${EVENT_NAMES_HELP}
--forward-to may be given several times, each followed by its own --events (in the order
given); an --events before any --forward-to filters what the listener receives. Every
delivery is forwarded to the forwards whose filter takes it, at once, and each answer is
shown on the event's line.
Against fp server the listener registers itself as a webhook and removes itself on exit
(Ctrl-C, exit 130); its secret is kept for the profile, so a restarted listener verifies
with the same one. Against a hosted portal it prints what to configure there.`,
  async run({ opts, f, client }) {
    const { events, forwards } = forwardPlan(opts.forwardTo, opts.events);
    if (opts.secret !== undefined && !WEBHOOK_SECRET.test(opts.secret))
      throw new UsageError('invalid --secret: expected whsec_ and the base64 of at least 24 bytes');
    const stopped = untilInterrupted();
    const { profile, baseUrl } = await f.credentials();
    const kept = readKept(f.io.env, profile, baseUrl);
    const secret = opts.secret ?? kept.secret ?? generateSecret();
    const lines = channel<string>();
    void stopped.then(() => lines.close());
    const print = deliveryPrinter(f, (line) => lines.push(line), { events, forwards, json: f.globals().json === true });
    const receiver = await startLoopbackReceiver({
      port: opts.port ?? 0,
      secret,
      onDelivery: print.delivery,
      onRefused: (reason) => f.status(`refused a request: ${reason}`),
    });
    const api = await client();
    let endpointId: number | undefined;
    // Once the lines stop (Ctrl-C, or a reader gone), the listener unregisters and closes.
    const close = async () => {
      if (endpointId !== undefined) {
        await api.call('webhooks.delete', { params: { id: endpointId } }).then(
          () => f.status(`Removed webhook ${endpointId}.`),
          (err: Error) => f.status(`warning: could not remove webhook ${endpointId}: ${err.message}`),
        );
        writeKept(f.io.env, profile, baseUrl, { secret });
      }
      await receiver.close();
    };
    try {
      if (await isReferenceServer(api)) endpointId = await register(api, receiver.url, events, secret, kept);
      writeKept(f.io.env, profile, baseUrl, { secret, endpoint_id: endpointId });
    } catch (err) {
      await close();
      throw err;
    }
    print.ready(receiver.url, secret, endpointId);
    return {
      stream: closedAfter(lines, close),
      after: () => {
        throw new SilentExit(130);
      },
    };
  },
});
