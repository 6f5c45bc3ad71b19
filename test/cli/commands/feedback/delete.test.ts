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

const ids = () => server.store.portals[0].feedback.map((e) => e.id);

describe('fp feedback delete', () => {
  it('off a terminal without --yes it is refused (exit 2) and deletes nothing', async () => {
    const r = await fp(['feedback', 'delete', 'fb-1']);
    expect(r.code).toBe(2);
    expect(r.err).toBe('error: Delete feedback entry fb-1: refusing without a terminal to confirm; pass --yes to proceed\n');
    expect(ids()).toContain('fb-1');
  });

  it('--yes deletes', async () => {
    const r = await fp(['feedback', 'delete', 'fb-1', '--yes']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('Deleted feedback entry fb-1.\n');
    expect(ids()).toEqual(['fb-2']);
  });
});
