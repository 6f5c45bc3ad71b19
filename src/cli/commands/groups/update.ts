import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import { resolveGroup } from '../../resolve/group.js';
import { groupFields } from './columns.js';

export interface UpdateOptions {
  group: string;
  name?: string;
  /** "" clears the description. */
  description?: string;
}

/** Only the fields given are sent. */
export async function updateRun(opts: UpdateOptions, f: Factory): Promise<void> {
  if (opts.name === undefined && opts.description === undefined) {
    throw new UsageError('nothing to update: pass --name and/or --description');
  }
  const client = await f.client();
  const group = await resolveGroup(client, opts.group);
  const body: { name?: string; description?: string | null } = {};
  if (opts.name !== undefined) body.name = opts.name;
  if (opts.description !== undefined) body.description = opts.description === '' ? null : opts.description;
  const { data } = await client.call('groups.update', { params: { id: group.id }, body });
  await (await f.output()).item(data, groupFields);
}

export function register(parent: Command, f: Factory): void {
  withExamples(parent.command('update').description('Rename a group or change its description').argument('<group>', 'group id (UUID) or unique name'), [
    'fp groups update "Beta testers" --name "Beta programme"',
    'fp groups update "Beta programme" --description ""   # clears the description',
  ])
    .option('--name <name>', 'new name (2-60 characters, unique)')
    .option('--description <text>', 'new description ("" clears it)')
    .action((group: string, o: { name?: string; description?: string }) => updateRun({ group, ...o }, f));
}
