import { afterEach, describe, expect, it } from 'vitest';
import { runMain, type FakeIOOptions } from '../../../support/fake-io.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';
import { bigQueueSeed } from './queue-seed.js';

let server: TestServer | undefined;
afterEach(() => server?.close());

const fp = (argv: string[], opts: FakeIOOptions = {}) =>
  runMain(server!.url, argv, { ...opts, env: { NO_COLOR: '1', ...opts.env } });

describe('fp moderation pending', () => {
  it('prints posts and comments in one table: type, id, title or excerpt, author, post of a comment, age', async () => {
    server = await startTestServer();
    const r = await fp(['moderation', 'pending']);
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      'TYPE\tID\tTITLE/EXCERPT\tAUTHOR\tPOST\tAGE\n' +
        'comment\t104\tPending comment\tCara Customer\tsso22\t2026-02-14T00:00:00.000000Z\n' +
        'post\tpend3\tPending idea\tCara Customer\t\t2026-02-03T00:00:00.000000Z\n',
    );
    expect(r.err).toBe('');
  });

  it('--json prints one array of items, each with its type and id', async () => {
    server = await startTestServer();
    const r = await fp(['moderation', 'pending', '--json']);
    expect(r.io.json().map((i: { type: string; id: unknown }) => [i.type, i.id])).toEqual([
      ['comment', 104],
      ['post', 'pend3'],
    ]);
  });

  it('shows the first page only and says how to get the rest', async () => {
    server = await startTestServer(bigQueueSeed());
    const r = await fp(['moderation', 'pending', '--json']);
    const items: Array<{ type: string }> = r.io.json();
    expect(items.filter((i) => i.type === 'post')).toHaveLength(20);
    expect(items.filter((i) => i.type === 'comment')).toHaveLength(20);
    expect(r.err).toBe('More items are pending: pass --all to list every page.\n');
  });

  it('--all follows both cursors and lists every pending item once', async () => {
    server = await startTestServer(bigQueueSeed());
    const r = await fp(['moderation', 'pending', '--all', '--json']);
    expect(r.code).toBe(0);
    const items: Array<{ type: string; id: string | number }> = r.io.json();
    const posts = items.filter((i) => i.type === 'post').map((i) => i.id);
    const comments = items.filter((i) => i.type === 'comment').map((i) => i.id);
    expect(posts).toHaveLength(23);
    expect(new Set(posts).size).toBe(23);
    expect(comments).toEqual([243, ...Array.from({ length: 43 }, (_, i) => 242 - i), 104]);
    expect(r.err).toBe('');
  });

  it('posts and comments together, newest first by date, whatever order their ids give (D-QUEUE-NEWEST-FIRST)', async () => {
    const seed = (await import('../../../support/fixture-seed.js')).fixtureSeed();
    // An older comment with a higher id: the API lists comments by id, the table by date.
    seed.portals[0].comments!.push({
      id: 900,
      post_key: 'dark1',
      user_id: seed.portals[0].users![2].id,
      comment: 'Imported old comment',
      moderation_status: 'pending',
      created_at: '2026-01-01T00:00:00Z',
    });
    server = await startTestServer(seed);
    for (const argv of [[], ['--all']]) {
      const r = await fp(['moderation', 'pending', ...argv, '--jq', '.[].id']);
      expect(r.out).toBe('104\npend3\n900\n');
    }
  });

  it('--format ndjson prints one item a line', async () => {
    server = await startTestServer();
    const r = await fp(['moderation', 'pending', '--format', 'ndjson']);
    expect(
      r.out
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual([104, 'pend3']);
  });

  it('an empty queue on a terminal says so and exits 0', async () => {
    server = await startTestServer();
    const portal = server.store.portals[0];
    for (const post of portal.posts.list())
      if (post.moderation_status === 'pending') portal.posts.update(post.key, { moderation_status: 'approved' });
    for (const c of portal.comments.list())
      if (c.moderation_status === 'pending') portal.comments.update(c.id, { moderation_status: 'approved' });
    const r = await fp(['moderation', 'pending', '--all'], { tty: true });
    expect(r.code).toBe(0);
    expect(r.out).toBe('');
    expect(r.err).toBe('Nothing is pending.\n');
  });
});
