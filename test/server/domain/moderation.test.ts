import { describe, expect, it } from 'vitest';
import { NotFoundError, RuleViolation } from '../../../src/server/domain/errors.js';
import { moderate, pendingQueue, rejectedPage } from '../../../src/server/domain/moderation.js';
import { seedWith, storedPortal } from './stored-portal.js';
import type { Portal } from '../../../src/server/store/portal.js';
import { ANN, CARA, fixtureSeed } from '../../support/fixture-seed.js';

const NOW = new Date('2026-06-01T12:00:00Z');
const portal = (): Portal => storedPortal(fixtureSeed(), NOW);
/** The fixture with every admin made a member. */
const withoutAdmins = () =>
  seedWith((s) => (s.users = s.users!.map((u) => (u.role === 'admin' ? { ...u, role: 'member' } : u))));

function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a throw');
}

/** Pending posts with database ids 10..(10+n-1); created_at deliberately runs backwards to the ids. */
function withPendingPosts(p: Portal, n: number): Portal {
  for (let i = 0; i < n; i++) {
    const at = new Date(Date.UTC(2026, 4, 1) - i * 60_000).toISOString();
    p.posts.insert({
      ...p.posts.list()[0],
      key: `q${10 + i}`,
      database_id: 10 + i,
      moderation_status: 'pending',
      created_at: at,
      updated_at: at,
    });
  }
  return p;
}

describe('moderation queues', () => {
  it('pending holds only pending posts and comments', () => {
    const q = pendingQueue(portal(), {});
    expect(q.posts.map((x) => x.key)).toEqual(['pend3']);
    expect(q.comments.map((x) => x.id)).toEqual([104]);
    expect([q.hasMorePosts, q.hasMoreComments]).toEqual([false, false]);
  });

  it('pending lists newest first by id, so an imported item with an older created_at keeps its id place', () => {
    const q = pendingQueue(withPendingPosts(portal(), 3), {});
    expect(q.posts.map((x) => x.database_id)).toEqual([12, 11, 10, 3]);
  });

  it('last_post_id returns posts with a smaller id; last_comment_id the same for comments', () => {
    const p = withPendingPosts(portal(), 5);
    p.comments.insert({ ...p.comments.list()[4], id: 300 });
    p.comments.insert({ ...p.comments.list()[4], id: 301 });
    const q = pendingQueue(p, { last_post_id: 12, last_comment_id: 301 });
    expect(q.posts.map((x) => x.database_id)).toEqual([11, 10, 3]);
    expect(q.comments.map((x) => x.id)).toEqual([300, 104]);
  });

  it('a page holds at most the page size of each collection and says whether more remain', () => {
    const p = withPendingPosts(portal(), 20);
    const first = pendingQueue(p, {});
    expect(first.posts).toHaveLength(20);
    expect(first.hasMorePosts).toBe(true);
    const rest = pendingQueue(p, { last_post_id: first.posts.at(-1)!.database_id });
    expect(rest.posts.map((x) => x.database_id)).toEqual([3]);
    expect(rest.hasMorePosts).toBe(false);
  });

  it('rejected is page-based, newest first', () => {
    const p = withPendingPosts(portal(), 25);
    for (const post of p.posts.list())
      if (post.moderation_status === 'pending') p.posts.update(post.key, { moderation_status: 'rejected' });
    expect(rejectedPage(p, 1).posts.map((x) => x.database_id)).toEqual(Array.from({ length: 20 }, (_, i) => 34 - i));
    const second = rejectedPage(p, 2);
    expect(second.posts.map((x) => x.database_id)).toEqual([14, 13, 12, 11, 10, 4, 3]);
    expect(second.hasMorePosts).toBe(false);
    expect(rejectedPage(p, 3).posts).toEqual([]);
  });
});

describe('moderation transitions', () => {
  it('approve moves a pending post to approved, records moderator and time, and dispatches the three jobs', () => {
    const p = portal();
    const target = moderate(p, 'approve', 'post', 'pend3', NOW);
    expect(target.type === 'post' && target.post).toMatchObject({
      moderation_status: 'approved',
      moderated_by: ANN,
      moderated_at: NOW.toISOString(),
      updated_at: NOW.toISOString(),
    });
    expect(
      p.eventLog
        .records()
        .filter((e) => e.type === 'job')
        .map((e) => e.payload),
    ).toEqual([
      { job: 'translation', post_key: 'pend3' },
      { job: 'auto_tagging', post_key: 'pend3' },
      { job: 'auto_reply', post_key: 'pend3' },
    ]);
    // The post becomes visible: its post.created is emitted now (D-WEBHOOK-APPROVAL).
    expect(p.eventLog.records().map((e) => e.type)).toEqual(['job', 'job', 'job', 'post.created']);
  });

  it('reject moves a pending comment to rejected and dispatches nothing', () => {
    const p = portal();
    const target = moderate(p, 'reject', 'comment', '104', NOW);
    expect(target.type === 'comment' && target.comment.moderation_status).toBe('rejected');
    expect(p.eventLog.records()).toEqual([]);
  });

  it('approve only from pending: an approved comment stays approved and the refusal names the state', () => {
    const p = portal();
    const before = structuredClone(p.comments.list().find((c) => c.id === 100));
    const err = thrown(() => moderate(p, 'approve', 'comment', '100', NOW));
    expect(err).toBeInstanceOf(RuleViolation);
    expect(err.message).toBe('The comment is already approved.');
    expect(p.comments.list().find((c) => c.id === 100)).toEqual(before);
  });

  it('reject only from pending: rejected and approved items are refused with their state', () => {
    const p = portal();
    expect(thrown(() => moderate(p, 'reject', 'post', 'rej44', NOW)).message).toBe('The post is already rejected.');
    expect(thrown(() => moderate(p, 'reject', 'post', 'dark1', NOW)).message).toBe('The post is already approved.');
    expect(thrown(() => moderate(p, 'approve', 'comment', '105', NOW)).message).toBe(
      'The comment is already rejected.',
    );
    expect(p.eventLog.records()).toEqual([]);
  });

  it('unknown items are the service 404', () => {
    const p = portal();
    const post = thrown(() => moderate(p, 'approve', 'post', 'nope9', NOW));
    expect(post).toBeInstanceOf(NotFoundError);
    expect(post.message).toBe('No query results for model [App\\Models\\Post] nope9');
    expect(thrown(() => moderate(p, 'approve', 'comment', '7x', NOW)).message).toBe(
      'No query results for model [App\\Models\\Comment] 7x',
    );
  });

  it('the moderator is the first admin user of the portal, or null without one', () => {
    /** Who is recorded as having approved the pending post pend3. */
    const moderatorId = (p: Portal) =>
      (moderate(p, 'approve', 'post', 'pend3', NOW) as { post: { moderated_by: string | null } }).post.moderated_by;
    expect(moderatorId(portal())).toBe(ANN);
    const twoAdmins = seedWith((s) =>
      s.users!.push({ ...s.users![2], id: 'second-admin', database_id: undefined, role: 'admin' }),
    );
    expect(moderatorId(storedPortal(twoAdmins, NOW))).toBe(ANN);
    expect(moderatorId(storedPortal(withoutAdmins(), NOW))).toBeNull();
    expect(moderate(storedPortal(withoutAdmins(), NOW), 'approve', 'post', 'pend3', NOW)).toMatchObject({
      post: { moderated_by: null, author_id: CARA },
    });
  });
});
