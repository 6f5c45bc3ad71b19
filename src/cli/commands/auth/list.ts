import { redactKey } from '../../../client/api-client.js';
import { defineCommand } from '../../framework/define-command.js';
import type { Column } from '../../output/output.js';

interface ProfileRow {
  current: boolean;
  name: string;
  base_url: string;
  /** Masked to its last 4 characters. */
  api_key: string;
}

const profileColumns: Column<ProfileRow>[] = [
  { header: 'CURRENT', value: (p) => (p.current ? '*' : '') },
  { header: 'NAME', value: (p) => p.name, style: (text, p, c) => (p.current ? c.bold(text) : text) },
  { header: 'BASE URL', value: (p) => p.base_url },
  { header: 'API KEY', value: (p) => p.api_key },
];

export default defineCommand({
  name: 'list',
  description: 'List stored profiles; * marks the current one',
  columns: profileColumns,
  examples: ['fp auth list', 'fp auth list --json'],
  async run({ f }) {
    const rows: ProfileRow[] = (await f.config()).list().map(({ name, profile, current }) => ({
      current,
      name,
      base_url: profile.base_url,
      api_key: redactKey(profile.api_key),
    }));
    return { list: rows, empty: 'No profiles stored. Run `fp auth login`.' };
  },
});
