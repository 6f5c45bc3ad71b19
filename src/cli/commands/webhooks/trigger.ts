import * as z from 'zod';
import { WEBHOOK_EVENTS } from '../../../contract/schemas/webhook.js';
import { defineCommand } from '../../framework/define-command.js';
import { EVENT_NAMES_HELP, parseEventList } from './event-list.js';
import { referenceCall } from './reference-api.js';

const TriggeredSchema = z.looseObject({ data: z.looseObject({ id: z.string(), event: z.string() }) });

export default defineCommand<{ event: string }>({
  name: 'trigger',
  description: "Make the real change behind an event on the portal's data, so it is emitted and delivered",
  args: [{ name: 'event', description: 'the event, e.g. comment.created', complete: [...WEBHOOK_EVENTS] }],
  examples: ['fp webhooks trigger comment.created', 'fp webhooks trigger vote.deleted --json'],
  help: `${EVENT_NAMES_HELP} Works against fp server (POST /__reference/events/trigger): a comment, a vote or a status change is made on the portal's own data.`,
  async run({ opts, client }) {
    const [event] = parseEventList(opts.event, 'event');
    const { data } = await referenceCall(await client(), 'POST', '/__reference/events/trigger', TriggeredSchema, {
      event,
    });
    return { done: `Triggered ${data.event}: ${data.id}`, data };
  },
});
