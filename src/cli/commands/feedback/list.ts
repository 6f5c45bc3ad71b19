import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import { feedbackColumns } from './columns.js';

export async function listRun(f: Factory): Promise<void> {
  const client = await f.client();
  const { data } = await client.call('feedback.list', {});
  await (await f.output()).list(data, feedbackColumns, { empty: 'No feedback entries.' });
}

export function register(parent: Command, f: Factory): void {
  withExamples(parent.command('list').description('List feedback entries, newest first'), [
    'fp feedback list',
    "fp feedback list --json | jq -r '.[] | select(.type == \"bug\") | .feedback'",
  ]).action(() => listRun(f));
}
