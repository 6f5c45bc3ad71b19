import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import { readTextOption } from '../../read-text.js';
import { feedbackFields } from './columns.js';

export interface CreateOptions {
  type: string;
  text?: string;
  textFile?: string;
  user?: string;
}

/** Without --user (or with an unknown one) the service attributes the entry to the key's owner. */
export async function createRun(opts: CreateOptions, f: Factory): Promise<void> {
  const feedback = (await readTextOption(f.io, opts)) as string;
  const client = await f.client();
  const { data } = await client.call('feedback.create', {
    body: { type: opts.type, feedback, ...(opts.user !== undefined ? { user_id: opts.user } : {}) },
  });
  await (await f.output()).item(data, feedbackFields);
}

export function register(parent: Command, f: Factory): void {
  withExamples(parent.command('create').description('Record a feedback entry'), [
    'fp feedback create --type idea --text "A dark theme for the dashboard"',
    'fp feedback create --type bug --text-file report.txt --user 22222222-2222-4222-8222-222222222222',
  ])
    .requiredOption('--type <type>', 'kind of feedback, e.g. idea, bug, praise, question')
    .option('--text <text>', 'the feedback text')
    .option('--text-file <path>', 'read the feedback text from a file, - for stdin')
    .option('--user <uuid>', 'user the entry is attributed to (default: the API key owner)')
    .action((o: CreateOptions) => createRun(o, f));
}
