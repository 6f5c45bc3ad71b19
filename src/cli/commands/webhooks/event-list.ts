import { isWebhookEvent, WEBHOOK_EVENTS, type WebhookEventName } from '../../../contract/schemas/webhook.js';
import { UsageError } from '../../errors.js';

/** `--events comment.created,vote.created`: each one of the portal's seven events. */
export function parseEventList(value: string, flag = '--events'): WebhookEventName[] {
  const names = value
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = names.find((n) => !isWebhookEvent(n));
  if (unknown !== undefined || names.length === 0) {
    throw new UsageError(
      `invalid ${flag} "${value}": ${unknown === undefined ? 'no event named' : `unknown event "${unknown}"`}; the events are ${WEBHOOK_EVENTS.join(', ')}`,
    );
  }
  return [...new Set(names)] as WebhookEventName[];
}

export const EVENT_NAMES_HELP = `Events: ${WEBHOOK_EVENTS.join(', ')}.`;
