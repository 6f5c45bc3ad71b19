import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BOB, CARA } from '../../../support/fixture-seed.js';
import { runMain, type FakeIOOptions } from '../../../support/fake-io.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const fp = (argv: string[], opts: FakeIOOptions = {}) => runMain(server.url, argv, opts);

describe('fp feedback list', () => {
  it('prints entries newest first as plain rows off a terminal', async () => {
    const r = await fp(['feedback', 'list']);
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      'ID\tTYPE\tFEEDBACK\tUSER\tCREATED\n' +
        `fb-2\tbug\tExport is broken and slow\t${CARA}\t2026-03-02T00:00:00.000000Z\n` +
        `fb-1\tidea\tLove the new dashboard\t${BOB}\t2026-03-01T00:00:00.000000Z\n`,
    );
  });

  it('--json prints the data list', async () => {
    const r = await fp(['feedback', 'list', '--json']);
    expect(r.io.json().map((e: { id: string }) => e.id)).toEqual(['fb-2', 'fb-1']);
  });

  it('an empty list on a terminal says so on stderr', async () => {
    const { feedback } = server.store.portals[0];
    for (const f of feedback.list()) feedback.delete(f.id);
    const r = await fp(['feedback', 'list'], { tty: true, env: { NO_COLOR: '1' } });
    expect(r.code).toBe(0);
    expect(r.err).toBe('No feedback entries.\n');
  });
});
