import type { ApiClient } from '../../../client/api-client.js';
import { ApiError } from '../../../client/errors.js';
import { allPending } from '../../../client/paginate.js';
import type { ModerationItem } from '../../../contract/schemas/moderation.js';
import { SilentExit, UsageError } from '../../errors.js';
import { defineCommand } from '../../framework/define-command.js';
import type { Talk } from '../../framework/ending.js';
import { canPrompt, noPromptReason, type IO } from '../../io.js';
import { relativeDate, truncate } from '../../output/cells.js';
import { terminalLines, terminalText } from '../../output/terminal-text.js';
import { inWords } from '../../bulk/item-error.js';
import { classifyFailure } from './bulk.js';
import { newestFirst } from './columns.js';

type ReviewAction = 'approve' | 'reject' | 'skip' | 'show' | 'url' | 'quit';

/** Asks what to do with one item (through @inquirer/prompts on the terminal). */
type AskAction = (item: ModerationItem, position: { index: number; total: number }) => Promise<ReviewAction>;

interface ReviewSummary {
  approved: number;
  rejected: number;
  skipped: number;
  failed: number;
}

const CHOICES = [
  { key: 'a', name: 'Approve', value: 'approve' },
  { key: 'r', name: 'Reject', value: 'reject' },
  { key: 's', name: 'Skip', value: 'skip' },
  { key: 'v', name: 'View the full text', value: 'show' },
  { key: 'u', name: 'Print the URL', value: 'url' },
  { key: 'q', name: 'Quit', value: 'quit' },
] as const satisfies ReadonlyArray<{ key: string; name: string; value: ReviewAction }>;

function describeItem(item: ModerationItem, now = new Date()): string {
  const age = relativeDate(item.created_at, now);
  if (item.type === 'post') {
    return `post ${item.id}  "${truncate(item.title, 70)}"\n  by ${item.author.name}, ${age}\n  ${truncate(item.excerpt, 200)}`;
  }
  return `comment ${item.id} on "${truncate(item.post.title, 60)}" (${item.post.id})\n  by ${item.author.name}, ${age}\n  ${truncate(item.excerpt, 200)}`;
}

/**
 * The whole text: a comment's is in the queue; a post's queue entry has only an excerpt, so the
 * post itself is read. Should that fail, the excerpt is shown with why.
 */
async function fullText(client: ApiClient, item: ModerationItem): Promise<string> {
  if (item.type === 'comment') return item.comment;
  try {
    const { data } = await client.call('posts.get', { params: { key: item.id } });
    return `${item.title}\n\n${data.description}\n\n(${item.url})`;
  } catch (err) {
    return `${item.title}\n\n${item.excerpt}\n(the full text could not be read: ${(err as Error).message})\n\n(${item.url})`;
  }
}

const tally = (s: ReviewSummary) =>
  `Reviewed ${s.approved + s.rejected + s.skipped + s.failed}: approved ${s.approved}, rejected ${s.rejected}, skipped ${s.skipped}${s.failed ? `, failed ${s.failed}` : ''}`;

function terminalAsk(io: IO): AskAction {
  return async () => {
    const { expand } = await import('@inquirer/prompts');
    return expand<ReviewAction>(
      { message: 'Action?', default: 's', expanded: true, choices: [...CHOICES] },
      { input: io.stdin, output: io.stderr as NodeJS.WritableStream },
    );
  };
}

/** One item through the same call and outcome rules as bulk approve/reject. */
async function moderate(
  client: ApiClient,
  item: ModerationItem,
  action: 'approve' | 'reject',
): Promise<'done' | 'skipped' | string> {
  try {
    await client.call(action === 'approve' ? 'moderation.approve' : 'moderation.reject', {
      params: { type: item.type, identifier: item.id },
    });
    return 'done';
  } catch (err) {
    // A key that cannot moderate stops the review, as it stops a bulk run.
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) throw err;
    const { outcome, message } = classifyFailure(action, err);
    return outcome === 'skipped' ? 'skipped' : message;
  }
}

/**
 * Walk the pending queue newest first, asking about each item ("3 of 8"). Every answer is
 * said on the terminal; Ctrl-C stops the review and still says the tally. Exits 1 when an
 * approval or rejection failed.
 */
async function walk(client: ApiClient, queue: ModerationItem[], ask: AskAction, talk: Talk): Promise<void> {
  const summary: ReviewSummary = { approved: 0, rejected: 0, skipped: 0, failed: 0 };
  // Every line of the review quotes the portal's text: control characters are shown, not obeyed.
  const say = (text: string) => talk.say(terminalLines(text));
  let index = 0;
  let quit = false;
  try {
    for (const item of queue) {
      index++;
      say(`\n[${index} of ${queue.length}] ${describeItem(item)}\n`);
      for (;;) {
        const action = await ask(item, { index, total: queue.length });
        if (action === 'show') {
          say(`\n${await fullText(client, item)}\n\n`);
          continue;
        }
        if (action === 'url') {
          talk.print(`${terminalText(item.url)}\n`);
          continue;
        }
        if (action === 'quit') {
          quit = true;
          say('  quit\n');
        } else if (action === 'skip') {
          summary.skipped++;
          say('  skipped\n');
        } else {
          const outcome = await moderate(client, item, action);
          if (outcome === 'done') {
            summary[action === 'approve' ? 'approved' : 'rejected']++;
            say(`  ${action === 'approve' ? 'approved' : 'rejected'}\n`);
          } else if (outcome === 'skipped') {
            summary.skipped++;
            say('  already moderated, skipped\n');
          } else {
            summary.failed++;
            say(`  failed: ${inWords(outcome)}\n`);
          }
        }
        break;
      }
      if (quit) break;
    }
  } catch (e) {
    // Ctrl-C in the prompt: the work done so far is said before leaving (exit 130).
    if ((e as Error)?.name === 'ExitPromptError') say(`\n\nInterrupted. ${tally(summary)}\n`);
    throw e;
  }
  if (index === 0) say('The pending queue is empty.\n');
  say(`\n${tally(summary)}\n`);
  if (summary.failed) throw new SilentExit(1);
}

export default defineCommand({
  name: 'review',
  description: 'Walk the pending queue on the terminal: approve, reject or skip each item',
  examples: ['fp moderation review'],
  help: 'Keys: a approve, r reject, s skip, v view the full text, u print the URL, q quit (then Enter).',
  async run({ f }) {
    if (!canPrompt(f.io)) {
      throw new UsageError(
        `fp moderation review needs a terminal to ask (${noPromptReason(f.io)}); in scripts use ` +
          '`fp moderation approve|reject post|comment ID...` (see `fp moderation pending --json`)',
      );
    }
    const client = await f.client();
    const read: ModerationItem[] = [];
    for await (const item of allPending(client)) read.push(item);
    const queue = newestFirst(read);
    return { session: (talk) => walk(client, queue, terminalAsk(f.io), talk) };
  },
});
