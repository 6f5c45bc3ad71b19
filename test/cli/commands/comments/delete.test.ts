import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMain, type FakeIOOptions } from '../../../support/fake-io.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const fp = (argv: string[], opts: FakeIOOptions = {}) => runMain(server.url, argv, opts);

const ids = () => server.store.portals[0].comments.list().map((c) => c.id);

describe('fp comments delete', () => {
  it('off a terminal without --yes it is refused (exit 2) and deletes nothing', async () => {
    const r = await fp(['comments', 'delete', '100']);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      'error: Delete comment 100 and its direct replies: refusing without a terminal to confirm; pass --yes to proceed\n',
    );
    expect(ids()).toContain(100);
  });

  it('--yes deletes the comment and its direct replies, and says so', async () => {
    const r = await fp(['comments', 'delete', '100', '--yes']);
    expect(r.code).toBe(0);
    expect(r.out).toBe('');
    expect(r.err).toBe('Deleted comment 100 and its direct replies.\n');
    expect(ids()).not.toContain(100);
    expect(ids()).not.toContain(101);
    // the reply to the reply survives as a top-level comment
    expect(server.store.portals[0].comments.list().find((c) => c.id === 102)!.parent_id).toBe(null);
  });

  it('--json prints the service answer', async () => {
    const r = await fp(['comments', 'delete', '103', '--yes', '--json']);
    expect(r.code).toBe(0);
    expect(r.io.json()).toEqual({});
  });

  it('an unknown comment exits 1', async () => {
    const r = await fp(['comments', 'delete', '999', '--yes']);
    expect(r.code).toBe(1);
    expect(r.err).toBe('error: comment 999 not found (404)\n');
  });
});
