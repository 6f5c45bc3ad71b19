import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import review from '../../../../src/cli/commands/moderation/review.js';
import { fixtureSeed } from '../../../support/fixture-seed.js';
import { fakeFactory, fakeIO, type FakeIO } from '../../../support/fake-io.js';
import { ADMIN_KEY } from '../../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';
import { runCommand } from '../../support/run-command.js';

/** The choices of the review's prompt. */
type ReviewAction = 'approve' | 'reject' | 'skip' | 'show' | 'url' | 'quit';
/** The answers the person gives, in order; the prompt module is replaced so no terminal is needed. */
const answers: ReviewAction[] = [];
vi.mock('@inquirer/prompts', () => ({
  expand: async () => {
    const next = answers.shift();
    if (!next) throw new Error('asked more often than scripted');
    return next;
  },
}));

let server: TestServer;

/** Fixture plus more pending items, so the queue has posts and comments of both kinds. */
function seed() {
  const s = fixtureSeed();
  const p = s.portals[0];
  p.posts!.push({
    key: 'pend5',
    database_id: 6,
    title: 'Second pending idea',
    author_id: p.users![1].id,
    tab_id: 1,
    moderation_status: 'pending',
    created_at: '2026-02-20T00:00:00Z',
  });
  p.comments!.push({
    id: 106,
    post_key: 'dark1',
    user_id: p.users![2].id,
    comment: 'Another pending comment',
    moderation_status: 'pending',
    created_at: '2026-02-21T00:00:00Z',
  });
  return s;
}

beforeEach(async () => {
  server = await startTestServer(seed());
});
afterEach(() => server.close());

/** `fp moderation review` on a terminal, answering as scripted. */
async function reviewWith(actions: ReviewAction[]): Promise<FakeIO> {
  answers.splice(0, answers.length, ...actions);
  const io = fakeIO({ tty: true });
  await runCommand(review, [], fakeFactory(io, { baseUrl: server.url, apiKey: ADMIN_KEY }));
  expect(answers).toEqual([]);
  return io;
}

/** The items the review showed, in order (`comment:106`). */
const shown = (io: FakeIO) =>
  [...io.err().matchAll(/^\[\d+ of \d+\] (post|comment) (\S+)/gm)].map((m) => `${m[1]}:${m[2]}`);

const status = (key: string) => server.store.portals[0].posts.list().find((p) => p.key === key)?.moderation_status;
const commentStatus = (id: number) =>
  server.store.portals[0].comments.list().find((c) => c.id === id)?.moderation_status;

describe('fp moderation review', () => {
  it('review approves one, rejects one, skips one, quits, and the server state matches', async () => {
    const io = await reviewWith(['approve', 'reject', 'skip', 'quit']);
    // Newest first by date: comment 106, post pend5, comment 104, post pend3.
    expect(shown(io)).toEqual(['comment:106', 'post:pend5', 'comment:104', 'post:pend3']);
    expect(commentStatus(106)).toBe('approved');
    expect(status('pend5')).toBe('rejected');
    expect(commentStatus(104)).toBe('pending');
    expect(status('pend3')).toBe('pending');
    expect(io.err()).toContain('Reviewed 3: approved 1, rejected 1, skipped 1');
    expect(io.err()).toContain('[1 of 4] comment 106');
    expect(io.err()).toContain('[3 of 4] comment 104');
    for (const said of ['  approved\n', '  rejected\n', '  skipped\n', '  quit\n']) expect(io.err()).toContain(said);
  });

  it('review shows the full text and the URL without moving on', async () => {
    const io = await reviewWith(['skip', 'show', 'url', 'quit']);
    expect(shown(io)).toEqual(['comment:106', 'post:pend5']);
    expect(io.out()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.*pend5.*\n$/);
    expect(io.err()).toContain('Second pending idea');
  });

  it('v shows the whole description of a post, not the excerpt of the queue', async () => {
    const long = `${'A long description that goes on. '.repeat(10)}THE END`;
    const res = await fetch(`${server.url}/api/v1/posts/pend3`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ description: long }),
    });
    expect(res.status).toBe(200);
    const io = await reviewWith(['skip', 'skip', 'skip', 'show', 'quit']);
    expect(io.err()).toContain('THE END');
  });

  it('review describes a comment with the post it belongs to and its author', async () => {
    const io = await reviewWith(['skip', 'skip', 'skip', 'skip']);
    expect(io.err()).toContain('comment 104 on "SSO login" (sso22)');
    expect(io.err()).toContain('by Cara Customer');
    expect(io.err()).toContain('Reviewed 4: approved 0, rejected 0, skipped 4');
  });

  it('review without a terminal refuses with exit 2 and points to approve/reject', async () => {
    const io = fakeIO({ tty: false });
    const f = fakeFactory(io, { baseUrl: server.url, apiKey: ADMIN_KEY });
    await expect(runCommand(review, [], f)).rejects.toMatchObject({
      name: 'UsageError',
      message: expect.stringMatching(/approve\|reject/),
    });
  });
});
