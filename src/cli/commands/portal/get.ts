import type { Command } from 'commander';
import type { Portal } from '../../../contract/schemas/portal.js';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import type { Column } from '../../output/output.js';

const flag = (v: boolean) => (v ? 'yes' : 'no');

export const portalFields: Column<Portal>[] = [
  { header: 'Title', value: (p) => p.title },
  { header: 'GUID', value: (p) => p.guid },
  { header: 'Localization', value: (p) => p.localization },
  { header: 'Editor', value: (p) => p.editor_type },
  { header: 'Jira enabled', value: (p) => flag(p.jira_enabled) },
  { header: 'Jira sync', value: (p) => flag(p.jira_sync_status) },
  { header: 'Jira domain', value: (p) => p.jira_domain ?? '' },
  { header: 'Linear enabled', value: (p) => flag(p.linear_enabled) },
];

export async function getRun(f: Factory): Promise<void> {
  const client = await f.client();
  const { data } = await client.call('portal.get', {});
  await (await f.output()).item(data, portalFields);
}

export function register(parent: Command, f: Factory): void {
  withExamples(parent.command('get').description('Show the portal the API key belongs to'), [
    'fp portal get',
    'fp portal get --json | jq -r .editor_type',
  ]).action(() => getRun(f));
}
