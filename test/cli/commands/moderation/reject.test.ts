import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runMain, type FakeIOOptions } from '../../../support/fake-io.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';

const answers = vi.hoisted(() => ({ confirm: vi.fn(async (_: { message: string }) => false) }));
vi.mock('@inquirer/prompts', () => ({ confirm: answers.confirm }));

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  answers.confirm.mockReset();
});
afterEach(() => server.close());

const fp = (argv: string[], opts: FakeIOOptions = {}) =>
  runMain(server.url, argv, { ...opts, env: { NO_COLOR: '1', ...opts.env } });

const commentStatus = (id: number) =>
  server.store.portals[0].comments.list().find((c) => c.id === id)?.moderation_status;
const postStatus = (key: string) => server.store.portals[0].posts.list().find((p) => p.key === key)?.moderation_status;

describe('fp moderation reject', () => {
  it('off a terminal without --yes it exits 2 and rejects nothing', async () => {
    const r = await fp(['moderation', 'reject', 'comment', '104']);
    expect(r.code).toBe(2);
    expect(r.err).toBe('error: Reject 1 comment: refusing without a terminal to confirm; pass --yes to proceed\n');
    expect(commentStatus(104)).toBe('pending');
  });

  it('ids from stdin need --yes too (stdin is not a terminal)', async () => {
    const r = await fp(['moderation', 'reject', 'post', '-'], {
      stdin: 'pend3\n',
      stderrIsTTY: true,
      stdoutIsTTY: true,
    });
    expect(r.code).toBe(2);
    expect(postStatus('pend3')).toBe('pending');
  });

  it('--yes rejects; an already rejected item is skipped, an approved one fails', async () => {
    const r = await fp(['moderation', 'reject', 'comment', '104', '105', '100', '--yes']);
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      'Rejected 1, skipped 1 (already rejected), failed 1\n  comment 100: The comment is already approved. (422)\n',
    );
    expect([104, 105, 100].map(commentStatus)).toEqual(['rejected', 'rejected', 'approved']);
  });

  it('--json prints rejected/skipped/failed outcomes', async () => {
    const r = await fp(['moderation', 'reject', 'post', 'pend3', 'rej44', '--yes', '--json']);
    expect(r.code).toBe(0);
    expect(r.io.json()).toEqual([
      { type: 'post', id: 'pend3', outcome: 'rejected', message: 'Post rejected successfully' },
      { type: 'post', id: 'rej44', outcome: 'skipped', message: 'The post is already rejected.' },
    ]);
  });

  it('on a terminal it asks once for the whole batch; no means nothing is rejected, and exits 2 (D-DECLINED-EXIT)', async () => {
    answers.confirm.mockResolvedValue(false);
    const r = await fp(['moderation', 'reject', 'comment', '104', '105'], { tty: true });
    expect(r.code).toBe(2);
    expect(answers.confirm).toHaveBeenCalledTimes(1);
    expect(answers.confirm.mock.calls[0][0]).toMatchObject({ message: 'Reject 2 comments?' });
    expect(r.err).toBe('Nothing rejected.\n');
    expect(commentStatus(104)).toBe('pending');
  });

  it('on a terminal, yes rejects the batch', async () => {
    answers.confirm.mockResolvedValue(true);
    const r = await fp(['moderation', 'reject', 'post', 'pend3'], { tty: true });
    expect(r.code).toBe(0);
    expect(answers.confirm).toHaveBeenCalledTimes(1);
    expect(postStatus('pend3')).toBe('rejected');
  });

  it('--dry-run needs no --yes and changes nothing', async () => {
    const r = await fp(['moderation', 'reject', 'comment', '104', '105', '100', '--dry-run', '--json']);
    expect(r.code).toBe(1);
    expect(r.io.json()).toEqual([
      { type: 'comment', id: 104, outcome: 'would-reject', message: 'pending' },
      { type: 'comment', id: 105, outcome: 'would-skip', message: 'already rejected' },
      { type: 'comment', id: 100, outcome: 'would-fail', message: 'not pending: already approved, or unknown' },
    ]);
    expect(r.err).toBe('Dry run, nothing changed: would reject 1, would skip 1, would fail 1\n');
    expect(commentStatus(104)).toBe('pending');
  });
});
