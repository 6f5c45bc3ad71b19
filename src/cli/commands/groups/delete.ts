import type { Command } from 'commander';
import { confirmDestructive } from '../../confirm.js';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import { resolveGroup } from '../../resolve/group.js';

export interface DeleteOptions {
  group: string;
  yes?: boolean;
}

export async function deleteRun(opts: DeleteOptions, f: Factory): Promise<void> {
  const client = await f.client();
  const group = await resolveGroup(client, opts.group);
  if (!(await confirmDestructive(f.io, `Delete group "${group.name}" (${group.id}) and its memberships?`, opts.yes))) return;
  const res = await client.call('groups.delete', { params: { id: group.id } });
  const out = await f.output();
  if (out.format === 'json' || out.format === 'ndjson') out.json(res);
  else f.status(res.message);
}

export function register(parent: Command, f: Factory): void {
  withExamples(
    parent
      .command('delete')
      .description('Delete a group (memberships go, user accounts stay)')
      .argument('<group>', 'group id (UUID) or unique name')
      .addHelpText('after', '\nAsks for confirmation on a terminal; without one, --yes is required (exit 2 otherwise).'),
    ['fp groups delete "Beta testers"', 'fp groups delete aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa --yes'],
  )
    .option('-y, --yes', 'do not ask for confirmation')
    .action((group: string, o: { yes?: boolean }) => deleteRun({ group, yes: o.yes }, f));
}
