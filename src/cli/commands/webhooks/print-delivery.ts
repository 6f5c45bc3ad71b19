import { Agent, request } from '../../../client/undici-parts.js';
import { webhookSchemas, type Envelope } from '../../../contract/schemas/webhook.js';
import type { Factory } from '../../factory.js';
import { terminalText } from '../../output/terminal-text.js';
import type { Forward } from './forward-plan.js';
import type { VerifiedDelivery } from './loopback-receiver.js';

/** The headers a forwarded delivery keeps: what a receiver needs to verify and read it. */
const FORWARDED = [
  'content-type',
  'user-agent',
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
  'webhook-attempt',
  'svix-id',
  'svix-timestamp',
  'svix-signature',
];

/** The subject of an event: `comment 123`, `post abc12`, `vote anon-1`. */
function subjectOf(envelope: Envelope): string {
  const data = envelope.data as Record<string, { id?: unknown; anonymous_id?: unknown } | null>;
  const kind = (['comment', 'vote', 'post'] as const).find((k) => data[k]);
  if (!kind) return '-';
  const subject = data[kind]!;
  return `${kind} ${String(subject.id ?? subject.anonymous_id ?? '?')}`;
}

let forwarder: InstanceType<typeof Agent> | undefined;

async function forward(url: string, d: VerifiedDelivery): Promise<string> {
  const headers = Object.fromEntries(
    FORWARDED.flatMap((name) => (typeof d.headers[name] === 'string' ? [[name, d.headers[name] as string]] : [])),
  );
  try {
    const res = await request(url, (forwarder ??= new Agent()), { method: 'POST', headers, body: d.body });
    await res.body.dump();
    return `→ ${res.statusCode} ${url}`;
  } catch (err) {
    const code = (err as { code?: string }).code;
    return `→ failed ${url}: ${(err as Error).message}${code ? ` (${code})` : ''}`;
  }
}

/**
 * What `fp webhooks listen` shows, handed to `print` line by line: one line per event (its time, name, subject, id, and how
 * often this listener has had that id: a resend comes again), or the envelope as one NDJSON
 * line with --json; with --forward-to, each forward's answer, in the order given. Events
 * outside --events are answered and not shown.
 */
export function deliveryPrinter(
  f: Factory,
  print: (line: string) => void,
  opts: { events: string[]; forwards: Forward[]; json: boolean },
) {
  const seen = new Map<string, number>();
  return {
    async delivery(d: VerifiedDelivery): Promise<void> {
      const parsed = webhookSchemas().EnvelopeSchema.safeParse(JSON.parse(d.body.toString('utf8')));
      if (!parsed.success) throw new Error(`delivery ${d.eventId} is not an event envelope`);
      const envelope = parsed.data;
      if (opts.events.length > 0 && !opts.events.includes(envelope.event)) return;
      const times = (seen.get(d.eventId) ?? 0) + 1;
      seen.set(d.eventId, times);
      // Every forward that takes the event at once: a slow one does not hold back the others.
      const takers = opts.forwards.filter((w) => w.events.length === 0 || w.events.includes(envelope.event));
      const forwarded = await Promise.all(takers.map((w) => forward(w.url, d)));
      if (opts.json) {
        print(`${JSON.stringify(envelope)}\n`);
        for (const answer of forwarded) f.status(terminalText(answer));
        return;
      }
      const attempt = typeof d.headers['webhook-attempt'] === 'string' ? d.headers['webhook-attempt'] : '?';
      const again = times > 1 ? ` (received ${times} times)` : '';
      const fields = [
        envelope.creation_time,
        envelope.event,
        subjectOf(envelope),
        envelope.id,
        `attempt ${attempt}${again}`,
      ];
      fields.push(...forwarded);
      print(`${terminalText(fields.join('  '))}\n`);
    },
    ready(url: string, secret: string, endpointId: number | undefined): void {
      const which = opts.events.length ? opts.events.join(', ') : 'all events';
      if (endpointId !== undefined) {
        f.status(`Ready: webhook ${endpointId} delivers ${which} to ${url}`);
        f.status(`Signing secret: ${secret}`);
        return;
      }
      f.status(`Listening on ${url} for ${which}. This portal is not fp's reference server, so:`);
      f.status("  add a webhook in the portal's Settings → API & Webhooks whose URL reaches this address");
      f.status("  (a tunnel to it), and pass the portal's secret with --secret to verify its deliveries.");
      f.status(`Verifying with: ${secret}`);
    },
  };
}
