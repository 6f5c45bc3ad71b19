import type { Command } from 'commander';
import type { Reference } from '../../../contract/schemas/reference.js';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import { readAllStdin } from '../../io.js';
import { humanDate } from '../../output/cells.js';
import type { Column } from '../../output/output.js';

export interface AddOptions {
  post: string;
  /** The reference text, or `-` to read it from stdin. */
  text: string;
}

export const referenceFields: Column<Reference>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: 'POST', value: (r) => r.post_id },
  { header: 'REFERENCE', value: (r) => r.reference, max: 500 },
  { header: 'CREATED', value: (r) => humanDate(r.created_at) },
];

/** The text is stored as sent (1-6000 characters, checked before sending). */
export async function addRun(opts: AddOptions, f: Factory): Promise<void> {
  const reference = opts.text === '-' ? (await readAllStdin(f.io)).replace(/\r?\n$/, '') : opts.text;
  const client = await f.client();
  const { data } = await client.call('references.create', { params: { key: opts.post }, body: { reference } });
  await (await f.output()).item(data, referenceFields);
}

export function register(parent: Command, f: Factory): void {
  withExamples(
    parent
      .command('add')
      .description('Attach a reference (a ticket, a link, a note) to a post')
      .argument('<post>', 'post key')
      .argument('<text>', 'reference text, 1-6000 characters; - reads it from stdin'),
    ['fp references add dark1 "JIRA-1234"', 'fp references add dark1 https://support.example.com/tickets/981', 'echo "CRM case 77" | fp references add dark1 -'],
  ).action((post: string, text: string) => addRun({ post, text }, f));
}
