import type { ApiClient } from '../../../client/api-client.js';
import type { EventLogEntry } from '../../../contract/schemas/webhook.js';
import { SilentExit } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { defineCommand } from '../../framework/define-command.js';
import { terminalJson, terminalText } from '../../output/terminal-text.js';
import { untilInterrupted } from '../../until-interrupted.js';

interface TailOptions {
  follow?: boolean;
  all?: boolean;
}

/** How often `--follow` asks for what came since. */
const FOLLOW_EVERY_MS = 1000;

/** One line: time, type, then the subject of a portal event or the payload of the others. */
function line(entry: EventLogEntry): string {
  const payload = entry.payload as Record<string, unknown>;
  if (entry.id !== undefined) {
    const data = (payload.data ?? {}) as Record<string, { id?: unknown; anonymous_id?: unknown } | null>;
    const kind = (['comment', 'vote', 'post'] as const).find((k) => data[k]);
    const subject = kind ? `${kind} ${String(data[kind]!.id ?? data[kind]!.anonymous_id)}` : '-';
    return [entry.occurred_at, entry.type, subject, entry.id].join('  ');
  }
  return [entry.occurred_at, entry.type, JSON.stringify(payload)].join('  ');
}

async function page(api: ApiClient, after: number, all: boolean) {
  return api.call('events.list', { query: { after, ...(!all && { portal_only: 1 }) } });
}

/** Each entry as a line: NDJSON for programs (terminal-safe on a terminal), else time, event and subject. */
function lines(f: Factory, entries: EventLogEntry[]): string[] {
  const json = f.globals().json === true;
  const shown = (text: string) => (f.io.stdoutIsTTY ? terminalJson(text) : text);
  return entries.map((entry) => (json ? `${shown(JSON.stringify(entry))}\n` : `${terminalText(line(entry))}\n`));
}

/** The log as it is, then with --follow what it gains, a page at a time, until Ctrl-C. */
async function* tail(
  f: Factory,
  api: ApiClient,
  all: boolean,
  stopped: Promise<void> | undefined,
): AsyncGenerator<string> {
  const first = await page(api, 0, all);
  yield* lines(f, first.data);
  if (!stopped) return;
  let stop = false;
  void stopped.then(() => (stop = true));
  let after = first.next;
  while (!stop) {
    await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, FOLLOW_EVERY_MS))]);
    if (stop) break;
    const next = await page(api, after, all);
    yield* lines(f, next.data);
    after = next.next;
  }
}

export default defineCommand<TailOptions>({
  name: 'tail',
  endpoint: 'events.list',
  description: "Print the portal's events (reference server), and with --follow, those that come",
  flags: [
    { flags: '-f, --follow', description: 'keep printing events as they happen, until Ctrl-C' },
    { flags: '--all', description: 'also the notification mail and jobs the server records' },
  ],
  examples: ['fp events tail', 'fp events tail --follow', 'fp events tail --json'],
  help: 'One line per event: time, event, subject, event id. --json prints each log entry as one NDJSON line.',
  async run({ opts, f, client }) {
    const stopped = opts.follow ? untilInterrupted() : undefined;
    return {
      stream: tail(f, await client(), opts.all === true, stopped),
      // Followed until Ctrl-C, which is how --follow ends.
      after: () => {
        if (stopped) throw new SilentExit(130);
      },
    };
  },
});
