import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMain, type FakeIOOptions } from '../../../support/fake-io.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const fp = (argv: string[], opts: FakeIOOptions = {}) => runMain(server.url, argv, opts);

describe('fp portal get', () => {
  it('prints the portal as JSON with --json', async () => {
    const r = await fp(['portal', 'get', '--json']);
    expect(r.code).toBe(0);
    expect(r.io.json()).toEqual({
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

  it('shows title, guid, localization, editor type and the tracker fields', async () => {
    const r = await fp(['portal', 'get']);
    expect(r.out).toBe(
      'Title\tGUID\tLocalization\tEditor\tJira enabled\tJira sync\tJira domain\tLinear enabled\n' +
        'Test Portal\t9e0f3c1e-0000-4000-8000-000000000001\ten\tmarkdown\tno\tno\t\tno\n',
    );
  });

  it('a terminal gets a two-column view', async () => {
    const r = await fp(['portal', 'get'], { tty: true, env: { NO_COLOR: '1' } });
    expect(r.out).toMatch(/^Title {2,}Test Portal$/m);
    expect(r.out).toMatch(/^Editor {2,}markdown$/m);
  });

  it('a wrong key exits 4', async () => {
    const r = await fp(['portal', 'get'], { env: { FP_API_KEY: 'wrong' } });
    expect(r.code).toBe(4);
    expect(r.err).toBe(
      'error: Unauthenticated. (401)\nhint: the portal refused the API key: run `fp auth login` (or set FP_API_KEY) with a valid key; `fp auth status` shows which key is in use\n',
    );
  });
});
