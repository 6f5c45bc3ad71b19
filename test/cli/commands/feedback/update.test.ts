import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../../src/cli/main.js';
import { ADMIN_KEY } from '../../../support/fixture-seed.js';
import { fakeIO, type FakeIOOptions } from '../../../support/fake-io.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

async function fp(argv: string[], opts: FakeIOOptions = {}) {
  const io = fakeIO({ ...opts, env: { FP_BASE_URL: server.url, FP_API_KEY: ADMIN_KEY, ...opts.env } });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err(), io };
}

describe('fp feedback update', () => {
  it('replaces the text', async () => {
    const r = await fp(['feedback', 'update', 'fb-2', '--text', 'Export to CSV is broken', '--json']);
    expect(r.code).toBe(0);
    expect(r.io.json()).toMatchObject({ id: 'fb-2', type: 'bug', feedback: 'Export to CSV is broken' });
  });

  it('an unknown entry exits 1 with the service message', async () => {
    const r = await fp(['feedback', 'update', 'fb-99', '--text', 'Nothing']);
    expect(r.code).toBe(1);
    expect(r.err).toBe('error: No query results for model [App\\Models\\Feedback] fb-99 (404)\n');
  });

  it('without a text it exits 2', async () => {
    const r = await fp(['feedback', 'update', 'fb-2']);
    expect(r.code).toBe(2);
  });
});
