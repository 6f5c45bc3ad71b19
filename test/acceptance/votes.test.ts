import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFpServer, type FpServer } from '../support/run-fp.js';

let server: FpServer;
beforeAll(async () => {
  server = await startFpServer();
});
afterAll(() => server.stop());

const JANE = '9e26471d35a78862c17e467d87cddedf'; // md5("jane@example.com")
const votesOf = async (key: string) =>
  (await server.fp(['api', `/api/v1/posts?limit=100`])).json?.data?.find((p: { id: string }) => p.id === key)
    ?.votes_count;

describe('fp votes', () => {
  it('add --anonymous-from votes as the MD5 of the trimmed, lower-cased e-mail', async () => {
    const r = await server.fp(['votes', 'add', 'dark1', '--anonymous-from', '  Jane@Example.com ']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`Voted for dark1 as anonymous ${JANE}.\n`);
  });

  it('adding the same vote twice exits 1 with the exact service message', async () => {
    const r = await server.fp(['votes', 'add', 'dark1', '--anonymous', JANE]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('error: Anonymous user has already voted for this item. (422)\n');
  });

  it('add --json prints the vote', async () => {
    const r = await server.fp(['votes', 'add', 'sso22', '--anonymous', 'visitor-7', '--json']);
    expect(r.code).toBe(0);
    expect(r.json).toEqual({ created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), voter: null });
  });

  it('remove revokes the vote; removing it again exits 1', async () => {
    const before = await votesOf('dark1');
    const r = await server.fp(['votes', 'remove', 'dark1', '--anonymous-from', 'jane@example.com']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`Removed the vote of anonymous ${JANE} from dark1.\n`);
    expect(before).toBe(6);
    expect(await votesOf('dark1')).toBe(5);
    const again = await server.fp(['votes', 'remove', 'dark1', '--anonymous', JANE]);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('error: Anonymous user has not voted yet. (422)\n');
  });

  it('a pending post is not voteable (exit 1)', async () => {
    const r = await server.fp(['votes', 'add', 'pend3', '--anonymous', 'visitor-7']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: Item is not voteable. (422)\n');
  });

  it('without --anonymous or --anonymous-from it exits 2', async () => {
    const r = await server.fp(['votes', 'add', 'dark1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: missing voter: pass --anonymous ID or --anonymous-from EMAIL\n');
  });
});

describe('fp votes --comment', () => {
  const commentVotes = async (id: number) =>
    (await server.fp(['comments', 'list', 'dark1', '--json'])).json.find((c: { id: number }) => c.id === id)
      .votes_count;

  it('R-VOTE-COMMENT add --comment votes on the comment, whose votes_count counts it; remove takes it back', async () => {
    const r = await server.fp(['votes', 'add', '--comment', '100', '--anonymous-from', 'jane@example.com']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`Voted for comment 100 as anonymous ${JANE}.\n`);
    expect(await commentVotes(100)).toBe(1);
    const again = await server.fp(['votes', 'add', '--comment', '100', '--anonymous', JANE]);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('error: Anonymous user has already voted for this item. (422)\n');
    const removed = await server.fp(['votes', 'remove', '--comment', '100', '--anonymous', JANE, '--json']);
    expect(removed.code).toBe(0);
    expect(removed.json).toEqual({});
    expect(await commentVotes(100)).toBe(0);
  });

  it('R-VOTE-NOT-VOTEABLE a pending comment is not voteable (exit 1)', async () => {
    const r = await server.fp(['votes', 'add', '--comment', '104', '--anonymous', 'visitor-7']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: Item is not voteable. (422)\n');
  });

  it('a post key with --comment, no item at all, --user with --comment, or a comment id that is no number, exit 2', async () => {
    const cases: Array<[string[], string]> = [
      [['dark1', '--comment', '100', '--anonymous', 'x'], 'error: use either a post key or --comment, not both\n'],
      [['--anonymous', 'x'], 'error: missing item: pass a post key, or --comment ID\n'],
      [
        ['--comment', '100', '--user', '22222222-2222-4222-8222-222222222222'],
        'error: --user votes on posts only: vote on a comment with --anonymous or --anonymous-from\n',
      ],
    ];
    for (const [args, stderr] of cases) {
      const r = await server.fp(['votes', 'add', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toBe(stderr);
    }
    const bad = await server.fp(['votes', 'add', '--comment', 'abc', '--anonymous', 'x']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--comment/);
  });
});
