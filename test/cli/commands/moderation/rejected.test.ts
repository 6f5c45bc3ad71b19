import { afterEach, describe, expect, it } from 'vitest';
import { runMain, type FakeIOOptions } from '../../../support/fake-io.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';
import { bigQueueSeed } from './queue-seed.js';

let server: TestServer | undefined;
afterEach(() => server?.close());

const fp = (argv: string[], opts: FakeIOOptions = {}) =>
  runMain(server!.url, argv, { ...opts, env: { NO_COLOR: '1', ...opts.env } });

describe('fp moderation rejected', () => {
  it('lists rejected posts and comments in one table', async () => {
    server = await startTestServer();
    const r = await fp(['moderation', 'rejected']);
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      'TYPE\tID\tTITLE/EXCERPT\tAUTHOR\tPOST\tAGE\tREJECTED\n' +
        'comment\t105\tRejected comment\tCara Customer\tsso22\t2026-02-15T00:00:00.000000Z\t\n' +
        'post\trej44\tSpam post\tCara Customer\t\t2026-02-04T00:00:00.000000Z\t\n',
    );
  });

  it('the first page only, with a hint; --all lists every page', async () => {
    server = await startTestServer(bigQueueSeed());
    const first = await fp(['moderation', 'rejected', '--json']);
    expect(first.io.json().filter((i: { type: string }) => i.type === 'post')).toHaveLength(20);
    expect(first.err).toBe('More items were rejected: pass --all to list every page.\n');
    const all = await fp(['moderation', 'rejected', '--all', '--json']);
    const items: Array<{ type: string; id: string | number }> = all.io.json();
    expect(items.filter((i) => i.type === 'post')).toHaveLength(25);
    expect(items.filter((i) => i.type === 'comment').map((i) => i.id)).toEqual([250, 105]);
    expect(all.err).toBe('');
  });
});
