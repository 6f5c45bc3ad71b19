import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMain, type FakeIOOptions } from '../../../support/fake-io.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  await server.request('POST', '/api/v1/posts/dark1/references', { body: { reference: 'JIRA-1' } });
});
afterEach(() => server.close());

const fp = (argv: string[], opts: FakeIOOptions = {}) => runMain(server.url, argv, opts);

const references = () => server.store.portals[0].references.list();

describe('fp references delete', () => {
  it('off a terminal without --yes it is refused (exit 2) and deletes nothing', async () => {
    const r = await fp(['references', 'delete', '1']);
    expect(r.code).toBe(2);
    expect(r.err).toBe('error: Delete reference 1: refusing without a terminal to confirm; pass --yes to proceed\n');
    expect(references()).toHaveLength(1);
  });

  it('--yes deletes', async () => {
    const r = await fp(['references', 'delete', '1', '--yes']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('Deleted reference 1.\n');
    expect(references()).toEqual([]);
  });

  it('an unknown reference exits 1', async () => {
    const r = await fp(['references', 'delete', '42', '--yes']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^error: [a-z ]+ 42 not found \(404\)\n$/);
  });
});
