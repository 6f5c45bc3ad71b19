import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMain, type FakeIOOptions } from '../../../support/fake-io.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const fp = (argv: string[], opts: FakeIOOptions = {}) => runMain(server.url, argv, opts);

const ids = () => server.store.portals[0].feedback.list().map((e) => e.id);

describe('fp feedback delete', () => {
  it('off a terminal without --yes it is refused (exit 2) and deletes nothing', async () => {
    const r = await fp(['feedback', 'delete', 'fb-1']);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      'error: Delete feedback entry fb-1: refusing without a terminal to confirm; pass --yes to proceed\n',
    );
    expect(ids()).toContain('fb-1');
  });

  it('--yes deletes', async () => {
    const r = await fp(['feedback', 'delete', 'fb-1', '--yes']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('Deleted feedback entry fb-1.\n');
    expect(ids()).toEqual(['fb-2']);
  });
});
