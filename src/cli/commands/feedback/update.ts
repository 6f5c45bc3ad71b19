import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import { readTextOption } from '../../read-text.js';
import { feedbackFields } from './columns.js';

export interface UpdateOptions {
  id: string;
  text?: string;
  textFile?: string;
}

export async function updateRun(opts: UpdateOptions, f: Factory): Promise<void> {
  const feedback = (await readTextOption(f.io, opts)) as string;
  const client = await f.client();
  const { data } = await client.call('feedback.update', { params: { id: opts.id }, body: { feedback } });
  await (await f.output()).item(data, feedbackFields);
}

export function register(parent: Command, f: Factory): void {
  withExamples(
    parent.command('update').description('Replace the text of a feedback entry').argument('<id>', 'feedback entry id'),
    ['fp feedback update fb-2 --text "Export to CSV is broken"', 'fp feedback update fb-2 --text-file - < corrected.txt'],
  )
    .option('--text <text>', 'the new text')
    .option('--text-file <path>', 'read the new text from a file, - for stdin')
    .action((id: string, o: Omit<UpdateOptions, 'id'>) => updateRun({ id, ...o }, f));
}
