import type * as z from 'zod';
import type { ReferenceEndpoints } from '../../../contract/reference-endpoints.js';
import {
  triggerOverrideFields,
  unknownOverride,
  WEBHOOK_EVENTS,
  type WebhookEventName,
} from '../../../contract/schemas/webhook.js';
import { UsageError } from '../../errors.js';
import { defineCommand } from '../../framework/define-command.js';
import { terminalText } from '../../output/terminal-text.js';
import { parseEventList } from './event-list.js';

type Triggered = z.output<ReferenceEndpoints['events.trigger']['response']>['data'];

/** `--override title=Slow export` (repeatable): one field of the change behind the event. */
function parseOverride(value: string, previous: unknown): Record<string, string> {
  const eq = value.indexOf('=');
  if (eq <= 0) throw new UsageError(`invalid --override "${value}": expected field=value`);
  return { ...((previous as Record<string, string> | undefined) ?? {}), [value.slice(0, eq)]: value.slice(eq + 1) };
}

const statusText = (s: NonNullable<Triggered['status']>['before']) => (s ? `"${s.name}"` : 'no status');

/** What the trigger made or changed, in one line: `post abc12 "Title": status "Planned" → "Done"`. */
function describeTrigger(t: Triggered): string {
  const post = `post ${t.post.key} "${t.post.title}"`;
  const made = t.deleted ? 'made and deleted' : 'made';
  if (t.status) return `${post}: status ${statusText(t.status.before)} → ${statusText(t.status.after)}`;
  if (t.comment_id !== undefined) return `comment ${t.comment_id} on ${post}, ${made}`;
  if (t.anonymous_id !== undefined)
    return `anonymous vote ${t.anonymous_id} on ${post}, ${t.deleted ? 'cast and taken back' : 'cast'}`;
  return `${post}, ${made}`;
}

const OVERRIDES_HELP = WEBHOOK_EVENTS.map(
  (event) => `  ${event.padEnd(20)} ${triggerOverrideFields(event as WebhookEventName).join(', ')}`,
).join('\n');

export default defineCommand<{ event: string; override?: Record<string, string> }>({
  name: 'trigger',
  endpoint: 'events.trigger',
  description: "Make the real change behind an event on the portal's data, so it is emitted and delivered",
  args: [{ name: 'event', description: 'the event, e.g. comment.created', complete: [...WEBHOOK_EVENTS] }],
  flags: [
    {
      flags: '--override <field=value>',
      description: 'a field of the change behind the event (repeatable; see below)',
      parse: parseOverride,
    },
  ],
  examples: [
    'fp webhooks trigger comment.created',
    'fp webhooks trigger post.created --override "title=Slow CSV export"',
    'fp webhooks trigger post.status_changed --override post=txmrb --override status_id=3',
    'fp webhooks trigger vote.deleted --json',
  ],
  help: `Works against fp server (POST /__reference/events/trigger), for each of the seven events: a post
is made (post.created), made and deleted (post.deleted) or moved to another status
(post.status_changed); a comment is made (comment.created) or made silently and deleted
(comment.deleted); an anonymous vote is cast (vote.created) or cast and taken back
(vote.deleted). Without overrides it uses the first post open to votes and its first member.
It prints what it made or changed (post key, comment id, status before → after).
Fields --override sets, per event:
${OVERRIDES_HELP}`,
  async run({ opts, client }) {
    const [event] = parseEventList(opts.event, 'event');
    const overrides = opts.override ?? {};
    const unknown = unknownOverride(event, overrides);
    if (unknown) throw new UsageError(`invalid --override: ${unknown.message}`);
    const body = { event, ...(Object.keys(overrides).length > 0 && { overrides }) };
    const { data } = await (await client()).call('events.trigger', { body });
    return { done: terminalText(`Triggered ${data.event} ${data.id}: ${describeTrigger(data)}`), data };
  },
});
