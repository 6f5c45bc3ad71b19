import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMain, type FakeIOOptions } from '../../../support/fake-io.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const fp = (argv: string[], opts: FakeIOOptions = {}) => runMain(server.url, argv, opts);

describe('fp feedback update', () => {
  it('replaces the text', async () => {
    const r = await fp(['feedback', 'update', 'fb-2', '--text', 'Export to CSV is broken', '--json']);
    expect(r.code).toBe(0);
    expect(r.io.json()).toMatchObject({ id: 'fb-2', type: 'bug', feedback: 'Export to CSV is broken' });
  });

  it('an unknown entry exits 1 with the service message', async () => {
    const r = await fp(['feedback', 'update', 'fb-99', '--text', 'Nothing']);
    expect(r.code).toBe(1);
    expect(r.err).toBe('error: feedback fb-99 not found (404)\n');
  });

  it('without a text it exits 2', async () => {
    const r = await fp(['feedback', 'update', 'fb-2']);
    expect(r.code).toBe(2);
  });
});
