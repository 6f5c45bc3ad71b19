import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARA, fixtureSeed } from '../support/fixture-seed.js';
import { startFpServer, type FpServer } from '../support/run-fp.js';
import { requireTool } from '../support/required-tool.js';

/** The fixture (pending: post pend3, comment 104) plus pending comments 200-224 and post p1, so the queue spans pages. */
function seed() {
  const s = fixtureSeed();
  const portal = s.portals[0];
  portal.posts!.push({
    key: 'p1',
    database_id: 11,
    title: 'Another pending post',
    author_id: CARA,
    tab_id: 1,
    moderation_status: 'pending',
    created_at: '2026-03-01T00:00:00Z',
  });
  for (let i = 0; i < 25; i++) {
    portal.comments!.push({
      id: 200 + i,
      post_key: 'dark1',
      user_id: CARA,
      comment: `Queued comment ${i}`,
      moderation_status: 'pending',
      created_at: '2026-03-02T00:00:00Z',
    });
  }
  return s;
}

let server: FpServer;
beforeAll(async () => {
  server = await startFpServer(seed());
});
afterAll(() => server.stop());

type Item = { type: 'post' | 'comment'; id: string | number };
const pendingIds = async () => {
  const r = await server.fp(['moderation', 'pending', '--all', '--json']);
  expect(r.code).toBe(0);
  return (r.json as Item[]).map((i) => `${i.type} ${i.id}`);
};

describe('fp moderation', () => {
  it('pending prints one table of posts and comments, first page only, with a hint', async () => {
    const r = await server.fp(['moderation', 'pending']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('TYPE\tID\tTITLE/EXCERPT\tAUTHOR\tPOST\tAGE');
    // Newest first by date, posts and comments together (D-QUEUE-NEWEST-FIRST).
    expect(lines[1]).toBe('comment\t224\tQueued comment 24\tCara Customer\tdark1\t2026-03-02T00:00:00.000000Z');
    expect(lines[21]).toBe('post\tp1\tAnother pending post\tCara Customer\t\t2026-03-01T00:00:00.000000Z');
    expect(lines[22]).toBe('post\tpend3\tPending idea\tCara Customer\t\t2026-02-03T00:00:00.000000Z');
    expect(lines).toHaveLength(1 + 2 + 20);
    expect(r.stderr).toBe('More items are pending: pass --all to list every page.\n');
  });

  it('pending --all --json lists every item once, each with its type and id', async () => {
    const ids = await pendingIds();
    expect(ids).toHaveLength(2 + 26);
    expect(ids.slice(24, 28)).toEqual(['comment 200', 'post p1', 'comment 104', 'post pend3']);
  });

  it('pending --format ndjson prints one item a line', async () => {
    const r = await server.fp(['moderation', 'pending', '--all', '--format', 'ndjson']);
    const lines = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Item);
    expect(lines).toHaveLength(28);
    expect(lines[0]).toMatchObject({ type: 'comment', id: 224 });
  });

  it('reject without --yes off a terminal exits 2 and rejects nothing', async () => {
    const r = await server.fp(['moderation', 'reject', 'comment', '200', '201']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('error: Reject 2 comments: refusing without a terminal to confirm; pass --yes to proceed\n');
    expect(await pendingIds()).toEqual(expect.arrayContaining(['comment 200', 'comment 201']));
  });

  it('approve --dry-run says what would change and changes nothing', async () => {
    const r = await server.fp(['moderation', 'approve', 'comment', '200', '100', '105', '--dry-run', '--json']);
    // 105 would fail: exit 1, as the run would (D-MOD-DRY-RUN).
    expect(r.code).toBe(1);
    expect(r.json).toEqual([
      { type: 'comment', id: 200, outcome: 'would-approve', message: 'pending' },
      {
        type: 'comment',
        id: 100,
        outcome: 'not-pending',
        message: 'not pending: skipped if already approved, fails if unknown',
      },
      { type: 'comment', id: 105, outcome: 'would-fail', message: 'already rejected' },
    ]);
    expect(r.stderr).toBe(
      'Dry run, nothing changed: would approve 1, would skip 0, would fail 1, not pending 1 (already approved, or unknown)\n',
    );
    expect(await pendingIds()).toContain('comment 200');
  });

  it('bulk approve of pending, already approved and unknown ids: exit 1, the summary, and the server state after', async () => {
    const r = await server.fp(['moderation', 'approve', 'comment', '200', '201', '100', '999']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('Approved 2, skipped 1 (already approved), failed 1\n' + '  comment 999 not found (404)\n');
    const after = await pendingIds();
    expect(after).not.toContain('comment 200');
    expect(after).not.toContain('comment 201');
    expect(after).toContain('comment 202');
    expect(after).toHaveLength(26);
  });

  it('re-running the same approve skips what is done; an item rejected already fails', async () => {
    const r = await server.fp(['moderation', 'approve', 'comment', '200', '105', '--json']);
    expect(r.code).toBe(1);
    expect(r.json).toEqual([
      { type: 'comment', id: 200, outcome: 'skipped', message: 'The comment is already approved.' },
      { type: 'comment', id: 105, outcome: 'failed', message: 'The comment is already rejected. (422)' },
    ]);
    expect(r.stderr).toBe(
      'Approved 0, skipped 1 (already approved), failed 1\n  comment 105: The comment is already rejected. (422)\n',
    );
  });

  it('reject --yes rejects and the item moves to the rejected list', async () => {
    const r = await server.fp(['moderation', 'reject', 'post', 'p1', '--yes']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('Rejected 1, skipped 0 (already rejected), failed 0\n');
    const rejected = await server.fp(['moderation', 'rejected', '--json']);
    expect((rejected.json as Item[]).map((i) => `${i.type} ${i.id}`)).toEqual(['post p1', 'comment 105', 'post rej44']);
    expect(await pendingIds()).not.toContain('post p1');
  });

  it('pending --all --json | jq | approve comment - approves every pending comment', async () => {
    const listed = await server.fp(['moderation', 'pending', '--all', '--json']);
    const ids = (listed.json as Item[])
      .filter((i) => i.type === 'comment')
      .map((i) => i.id)
      .join('\n');
    // what `jq -r '.[] | select(.type=="comment") | .id'` prints
    const r = await server.fp(['moderation', 'approve', 'comment', '-'], { input: `${ids}\n` });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('Approved 24, skipped 0 (already approved), failed 0\n');
    expect(await pendingIds()).toEqual(['post pend3']);
  });

  it('rejected --all --json | jq | reject comment - --yes skips what is rejected already', async (ctx) => {
    requireTool(ctx, 'jq');
    const listed = await server.fp(['moderation', 'rejected', '--all', '--json']);
    const ids = execFileSync('jq', ['-r', '.[] | select(.type=="comment") | .id'], {
      input: listed.stdout,
    }).toString();
    expect(ids).toBe('105\n');
    const r = await server.fp(['moderation', 'reject', 'comment', '-', '--yes', '--format', 'ndjson'], {
      input: ids,
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      type: 'comment',
      id: 105,
      outcome: 'skipped',
      message: 'The comment is already rejected.',
    });
  });
});
