import type { Portal } from '../../../contract/schemas/portal.js';
import { defineCommand } from '../../framework/define-command.js';
import { openInBrowser, webFlag } from '../../open-in-browser.js';
import type { Column } from '../../output/output.js';

const flag = (v: boolean) => (v ? 'yes' : 'no');

const portalFields: Column<Portal>[] = [
  { header: 'Title', value: (p) => p.title },
  { header: 'GUID', value: (p) => p.guid },
  { header: 'Localization', value: (p) => p.localization },
  { header: 'Editor', field: 'editor_type', value: (p) => p.editor_type },
  { header: 'Jira enabled', value: (p) => flag(p.jira_enabled) },
  { header: 'Jira sync', field: 'jira_sync_status', value: (p) => flag(p.jira_sync_status) },
  { header: 'Jira domain', value: (p) => p.jira_domain ?? '' },
  { header: 'Linear enabled', value: (p) => flag(p.linear_enabled) },
];

export default defineCommand<{ web?: boolean }>({
  name: 'get',
  endpoint: 'portal.get',
  description: 'Show the portal the API key belongs to',
  flags: [webFlag("the portal's home page (its base URL)")],
  columns: portalFields,
  examples: ['fp portal get', 'fp portal get --jq .editor_type', 'fp portal get --web'],
  async run({ opts, f, client }) {
    const c = await client();
    // The portal record has no address of its own: its base URL is the portal (D-WEB-URLS).
    if (opts.web) return openInBrowser(f, c.baseUrl, 'the portal');
    const { data } = await c.call('portal.get', {});
    return { item: data };
  },
});
