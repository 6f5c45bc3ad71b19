import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reviewRun, type ReviewAction } from '../../../../src/cli/commands/moderation/review.js';
import type { ModerationItem } from '../../../../src/contract/schemas/moderation.js';
import { fixtureSeed } from '../../../support/fixture-seed.js';
import { fakeFactory, fakeIO } from '../../../support/fake-io.js';
import { ADMIN_KEY } from '../../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';

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

function scripted(actions: ReviewAction[]) {
  const seen: ModerationItem[] = [];
  const ask = async (item: ModerationItem) => {
    seen.push(item);
    const next = actions.shift();
    if (!next) throw new Error('asked more often than scripted');
    return next;
  };
  return { ask, seen };
}

const status = (key: string) => server.store.portals[0].posts.list().find((p) => p.key === key)?.moderation_status;
const commentStatus = (id: number) =>
  server.store.portals[0].comments.list().find((c) => c.id === id)?.moderation_status;

describe('fp moderation review', () => {
  it('review approves one, rejects one, skips one, quits, and the server state matches', async () => {
    const io = fakeIO();
    const f = fakeFactory(io, { baseUrl: server.url, apiKey: ADMIN_KEY });
    const { ask, seen } = scripted(['approve', 'reject', 'skip', 'quit']);
    const summary = await reviewRun(f, ask);
    expect(summary).toEqual({ approved: 1, rejected: 1, skipped: 1, failed: 0 });
    expect(seen.map((i) => `${i.type}:${i.id}`)).toEqual(['post:pend5', 'post:pend3', 'comment:106', 'comment:104']);
    expect(status('pend5')).toBe('approved');
    expect(status('pend3')).toBe('rejected');
    expect(commentStatus(106)).toBe('pending');
    expect(commentStatus(104)).toBe('pending');
    expect(io.err()).toContain('Reviewed 3: approved 1, rejected 1, skipped 1');
    expect(io.err()).toContain('[1 of 4] post pend5');
    expect(io.err()).toContain('[4 of 4] comment 104');
    for (const said of ['  approved\n', '  rejected\n', '  skipped\n', '  quit\n']) expect(io.err()).toContain(said);
  });

  it('review shows the full text and the URL without moving on', async () => {
    const io = fakeIO();
    const f = fakeFactory(io, { baseUrl: server.url, apiKey: ADMIN_KEY });
    const { ask, seen } = scripted(['show', 'url', 'quit']);
    await reviewRun(f, ask);
    expect(seen.map((i) => i.id)).toEqual(['pend5', 'pend5', 'pend5']);
    expect(io.out()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.*pend5.*\n$/);
    expect(io.err()).toContain('Second pending idea');
  });

  it('review describes a comment with the post it belongs to and its author', async () => {
    const io = fakeIO();
    const f = fakeFactory(io, { baseUrl: server.url, apiKey: ADMIN_KEY });
    const { ask } = scripted(['skip', 'skip', 'skip', 'skip']);
    await reviewRun(f, ask);
    expect(io.err()).toContain('comment 104 on "SSO login" (sso22)');
    expect(io.err()).toContain('by Cara Customer');
    expect(io.err()).toContain('Reviewed 4: approved 0, rejected 0, skipped 4');
  });

  it('review without a terminal refuses with exit 2 and points to approve/reject', async () => {
    const io = fakeIO({ tty: false });
    const f = fakeFactory(io, { baseUrl: server.url, apiKey: ADMIN_KEY });
    await expect(reviewRun(f)).rejects.toMatchObject({
      name: 'UsageError',
      message: expect.stringMatching(/approve\|reject/),
    });
  });
});
