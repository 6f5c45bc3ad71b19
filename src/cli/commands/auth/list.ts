import type { Command } from 'commander';
import { redactKey } from '../../../client/api-client.js';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import type { Column } from '../../output/output.js';

export interface ProfileRow {
  current: boolean;
  name: string;
  base_url: string;
  /** Masked to its last 4 characters. */
  api_key: string;
}

export const profileColumns: Column<ProfileRow>[] = [
  { header: 'CURRENT', value: (p) => (p.current ? '*' : '') },
  { header: 'NAME', value: (p) => p.name, style: (text, p, c) => (p.current ? c.bold(text) : text) },
  { header: 'BASE URL', value: (p) => p.base_url },
  { header: 'API KEY', value: (p) => p.api_key },
];

export async function listRun(f: Factory): Promise<void> {
  const store = await f.config();
  const rows: ProfileRow[] = store
    .list()
    .map(({ name, profile, current }) => ({ current, name, base_url: profile.base_url, api_key: redactKey(profile.api_key) }));
  await (await f.output()).list(rows, profileColumns, { empty: 'No profiles stored. Run `fp auth login`.' });
}

export function register(parent: Command, f: Factory): void {
  withExamples(parent.command('list').description('List stored profiles; * marks the current one'), [
    'fp auth list',
    'fp auth list --json',
  ]).action(() => listRun(f));
}
