import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../../src/cli/main.js';
import { ADMIN_KEY, READONLY_KEY } from '../../../support/fixture-seed.js';
import { fakeIO, type FakeIOOptions } from '../../../support/fake-io.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';
import { bigQueueSeed } from './queue-seed.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer(bigQueueSeed());
});
afterEach(() => server.close());

async function fp(argv: string[], opts: FakeIOOptions & { apiKey?: string } = {}) {
  const io = fakeIO({
    ...opts,
    env: { FP_BASE_URL: server.url, FP_API_KEY: opts.apiKey ?? ADMIN_KEY, NO_COLOR: '1', ...opts.env },
  });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err(), io };
}

const commentStatus = (id: number) =>
  server.store.portals[0].comments.list().find((c) => c.id === id)?.moderation_status;
const postStatus = (key: string) => server.store.portals[0].posts.list().find((p) => p.key === key)?.moderation_status;

describe('fp moderation approve', () => {
  it('a mix of pending, already approved, rejected and unknown ids: exit 1, summary, failures named', async () => {
    const r = await fp(['moderation', 'approve', 'comment', '104', '200', '100', '105', '999']);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toBe(
      'Approved 2, skipped 1 (already approved), failed 2\n' +
        '  comment 105: The comment is already rejected. (422)\n' +
        '  comment 999 not found (404)\n',
    );
    expect([104, 200, 100, 105].map(commentStatus)).toEqual(['approved', 'approved', 'approved', 'rejected']);
  });

  it('re-running a batch is safe: already approved items are skipped and it exits 0', async () => {
    await fp(['moderation', 'approve', 'post', 'pend3', 'p1']);
    const r = await fp(['moderation', 'approve', 'post', 'pend3', 'p1']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('Approved 0, skipped 2 (already approved), failed 0\n');
  });

  it('--json prints the per-item results in input order', async () => {
    const r = await fp(['moderation', 'approve', 'comment', '104', '100', '999', '--json']);
    expect(r.code).toBe(1);
    expect(r.io.json()).toEqual([
      { type: 'comment', id: 104, outcome: 'approved', message: 'Comment approved successfully' },
      { type: 'comment', id: 100, outcome: 'skipped', message: 'The comment is already approved.' },
      {
        type: 'comment',
        id: 999,
        outcome: 'failed',
        message: 'No query results for model [App\\Models\\Comment] 999 (404)',
      },
    ]);
  });

  it('--format ndjson prints one result a line; post ids stay strings', async () => {
    const r = await fp(['moderation', 'approve', 'post', 'pend3', '--format', 'ndjson']);
    expect(r.code).toBe(0);
    expect(r.out).toBe('{"type":"post","id":"pend3","outcome":"approved","message":"Post approved successfully"}\n');
  });

  it('- reads the ids from stdin (blank lines ignored)', async () => {
    const r = await fp(['moderation', 'approve', 'comment', '-'], { stdin: '104\n\n200\n201\n' });
    expect(r.code).toBe(0);
    expect(r.err).toBe('Approved 3, skipped 0 (already approved), failed 0\n');
    expect([104, 200, 201].map(commentStatus)).toEqual(['approved', 'approved', 'approved']);
  });

  it('approves a whole queue with bounded concurrency', async () => {
    const ids = Array.from({ length: 44 }, (_, i) => String(200 + i));
    const r = await fp(['moderation', 'approve', 'comment', ...ids, '--concurrency', '8']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('Approved 44, skipped 0 (already approved), failed 0\n');
  });

  it('shows a progress line on stderr when stderr is a terminal', async () => {
    const r = await fp(['moderation', 'approve', 'comment', '104', '200'], { stderrIsTTY: true });
    expect(r.code).toBe(0);
    expect(r.err).toContain('Approving 1 of 2…');
    expect(r.err).toContain('Approving 2 of 2…');
    expect(r.err.endsWith('\r\x1b[2KApproved 2, skipped 0 (already approved), failed 0\n')).toBe(true);
  });

  it('no progress line off a terminal', async () => {
    const r = await fp(['moderation', 'approve', 'comment', '104']);
    expect(r.err).not.toContain('approving');
  });

  it('empty stdin is nothing to do (exit 0)', async () => {
    const r = await fp(['moderation', 'approve', 'comment', '-', '--json'], { stdin: '\n' });
    expect(r.code).toBe(0);
    expect(r.io.json()).toEqual([]);
    expect(r.err).toBe('No ids given: nothing to approve.\n');
  });

  it('ids are required (exit 2)', async () => {
    const r = await fp(['moderation', 'approve', 'comment']);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      'error: missing ids: give post keys or comment ids after comment, or - to read them from stdin\n',
    );
  });

  it('a type other than post or comment exits 2', async () => {
    const r = await fp(['moderation', 'approve', 'vote', '1']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('give post or comment first, then the ids: fp moderation approve post vote');
  });

  it('D-MOD-TYPE-FIRST a plural or capitalised type is answered with the command line meant, ids kept', async () => {
    const r = await fp(['moderation', 'approve', 'posts', 'pend1', 'pend2']);
    expect([r.code, r.err]).toEqual([
      2,
      'error: give post or comment first, then the ids: fp moderation approve post pend1 pend2\n',
    ]);
    const c = await fp(['moderation', 'reject', 'Comments', '104', '--yes']);
    expect(c.err).toBe('error: give post or comment first, then the ids: fp moderation reject comment 104\n');
    const forgot = await fp(['moderation', 'approve', '104', '105']);
    expect(forgot.err).toBe('error: give post or comment first, then the ids: fp moderation approve comment 104 105\n');
    expect(commentStatus(104)).toBe('pending');
  });

  it('a non-numeric comment id exits 2 and nothing is approved', async () => {
    const r = await fp(['moderation', 'approve', 'comment', '104', 'pend3']);
    expect(r.code).toBe(2);
    expect(r.err).toBe('error: comment ids are numbers: "pend3"\n');
    expect(commentStatus(104)).toBe('pending');
  });

  it.each(['0', '33', 'x'])('--concurrency %s exits 2', async (n) => {
    const r = await fp(['moderation', 'approve', 'comment', '104', '--concurrency', n]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('expected an integer from 1 to 32');
    expect(commentStatus(104)).toBe('pending');
  });

  it('a read-only key stops the batch with exit 4', async () => {
    const r = await fp(['moderation', 'approve', 'comment', '104', '200'], { apiKey: READONLY_KEY });
    expect(r.code).toBe(4);
    expect(r.err).toMatch(
      /^Approved 0, skipped 0 \(already approved\), failed 2\nerror: This API key is read-only and cannot make changes\. \(403\)\nhint: the API key may not do this/,
    );
    expect(commentStatus(104)).toBe('pending');
  });

  describe('--dry-run', () => {
    it('says per id what would happen and changes nothing', async () => {
      const r = await fp(['moderation', 'approve', 'comment', '104', '100', '105', '999', '--dry-run']);
      // Comment 105 would fail: the dry run exits 1, as the run would (D-MOD-DRY-RUN).
      expect(r.code).toBe(1);
      expect(r.out).toBe(
        'TYPE\tID\tOUTCOME\tMESSAGE\n' +
          'comment\t104\twould-approve\tpending\n' +
          'comment\t100\tnot-pending\tnot pending: skipped if already approved, fails if unknown\n' +
          'comment\t105\twould-fail\talready rejected\n' +
          'comment\t999\tnot-pending\tnot pending: skipped if already approved, fails if unknown\n',
      );
      expect(r.err).toBe(
        'Dry run, nothing changed: would approve 1, would skip 0, would fail 1, not pending 2 (already approved, or unknown)\n',
      );
      expect(commentStatus(104)).toBe('pending');
    });

    it('approve and reject tell the same of a post in neither queue, in tallies of one shape (D-MOD-DRY-RUN)', async () => {
      const ids = ['pend3', 'dark1', 'nope9'];
      const approve = await fp(['moderation', 'approve', 'post', ...ids, '--dry-run', '--json']);
      expect(approve.io.json()).toEqual([
        { type: 'post', id: 'pend3', outcome: 'would-approve', message: 'pending' },
        { type: 'post', id: 'dark1', outcome: 'would-skip', message: 'already approved' },
        { type: 'post', id: 'nope9', outcome: 'would-fail', message: 'post nope9 not found' },
      ]);
      expect(approve.err).toBe('Dry run, nothing changed: would approve 1, would skip 1, would fail 1\n');
      const reject = await fp(['moderation', 'reject', 'post', ...ids, '--dry-run', '--json']);
      expect(reject.io.json()).toEqual([
        { type: 'post', id: 'pend3', outcome: 'would-reject', message: 'pending' },
        { type: 'post', id: 'dark1', outcome: 'would-fail', message: 'already approved' },
        { type: 'post', id: 'nope9', outcome: 'would-fail', message: 'post nope9 not found' },
      ]);
      expect(reject.err).toBe('Dry run, nothing changed: would reject 1, would skip 0, would fail 2\n');
      expect([approve.code, reject.code]).toEqual([1, 1]);
      const clean = await fp(['moderation', 'approve', 'post', 'pend3', 'dark1', '--dry-run']);
      expect(clean.code).toBe(0);
      expect(postStatus('pend3')).toBe('pending');
    });

    it('finds pending items beyond the first page', async () => {
      const r = await fp(['moderation', 'approve', 'post', 'pend3', 'r24', '--dry-run', '--json']);
      expect(r.io.json()).toEqual([
        { type: 'post', id: 'pend3', outcome: 'would-approve', message: 'pending' },
        { type: 'post', id: 'r24', outcome: 'would-fail', message: 'already rejected' },
      ]);
      expect(postStatus('pend3')).toBe('pending');
    });
  });
});
