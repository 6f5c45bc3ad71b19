import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFpServer, type FpServer } from '../support/run-fp.js';

let server: FpServer;
beforeAll(async () => {
  server = await startFpServer();
});
afterAll(() => server.stop());

describe('fp portal get', () => {
  it('prints the portal as JSON', async () => {
    const r = await server.fp(['portal', 'get', '--json']);
    expect(r.code).toBe(0);
    expect(r.json).toEqual({
      guid: '9e0f3c1e-0000-4000-8000-000000000001',
      title: 'Test Portal',
      localization: 'en',
      editor_type: 'markdown',
      jira_enabled: false,
      jira_sync_status: false,
      linear_enabled: false,
      jira_domain: null,
    });
  });

  it('prints a header and a row when piped', async () => {
    const r = await server.fp(['portal', 'get']);
    expect(r.stdout).toBe(
      'Title\tGUID\tLocalization\tEditor\tJira enabled\tJira sync\tJira domain\tLinear enabled\n' +
        'Test Portal\t9e0f3c1e-0000-4000-8000-000000000001\ten\tmarkdown\tno\tno\t\tno\n',
    );
  });

  it('a wrong key exits 4', async () => {
    const r = await server.fp(['portal', 'get'], { apiKey: 'wrong' });
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(
      'error: Unauthenticated. (401)\nhint: the portal refused the API key: run `fp auth login` (or set FP_API_KEY) with a valid key; `fp auth status` shows which key is in use\n',
    );
  });
});
