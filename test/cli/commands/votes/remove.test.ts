import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMain, type FakeIOOptions } from '../../../support/fake-io.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const fp = (argv: string[], opts: FakeIOOptions = {}) => runMain(server.url, argv, opts);

describe('fp votes remove', () => {
  it('removes the vote of the anonymous id derived from the e-mail', async () => {
    await fp(['votes', 'add', 'dark1', '--anonymous-from', 'jane@example.com']);
    const r = await fp(['votes', 'remove', 'dark1', '--anonymous-from', 'JANE@example.com']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('Removed the vote of anonymous 9e26471d35a78862c17e467d87cddedf from dark1.\n');
    expect(server.store.portals[0].votes.list()).toEqual([]);
  });

  it('--json prints the empty service answer', async () => {
    await fp(['votes', 'add', 'dark1', '--anonymous', 'v1']);
    const r = await fp(['votes', 'remove', 'dark1', '--anonymous', 'v1', '--json']);
    expect(r.io.json()).toEqual({});
  });

  it('removing a vote that was never cast exits 1 with the service message', async () => {
    const r = await fp(['votes', 'remove', 'dark1', '--anonymous', 'never']);
    expect(r.code).toBe(1);
    expect(r.err).toBe('error: Anonymous user has not voted yet. (422)\n');
  });

  it('both voter flags at once exit 2', async () => {
    const r = await fp(['votes', 'remove', 'dark1', '--anonymous', 'a', '--anonymous-from', 'b@c.d']);
    expect(r.code).toBe(2);
  });
});
