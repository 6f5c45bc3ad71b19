import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDER_BY, DEFAULT_ORDER_DIRECTION } from '../../../src/server/domain/posts-order.js';
import type { Portal } from '../../../src/server/store/portal.js';
import { seedWith, storedPortal } from './stored-portal.js';

/** Every fixture post listed (all approved, knowledge base included), in the store's list order. */
const portal = (): Portal => storedPortal(seedWith((s) => s.posts!.forEach((p) => (p.moderation_status = 'approved'))));
const order = (p: Portal, orderBy: string = DEFAULT_ORDER_BY, direction = DEFAULT_ORDER_DIRECTION) =>
  p.posts
    .page({ moderation_status: 'approved', hideKnowledgeBase: false }, { by: orderBy, direction }, 0, 100)
    .posts.map((x) => x.key);

describe('post list order', () => {
  it('defaults to created_at descending', () => {
    expect(order(portal())).toEqual(['kb001', 'rej44', 'pend3', 'sso22', 'dark1']);
  });

  it('ties fall back to ascending id in either direction', () => {
    const p = portal();
    for (const post of p.posts.list()) p.posts.update(post.key, { votes_count: 1 });
    expect(order(p, 'votes_count', 'asc')).toEqual(['dark1', 'sso22', 'pend3', 'rej44', 'kb001']);
    expect(order(p, 'votes_count', 'desc')).toEqual(['dark1', 'sso22', 'pend3', 'rej44', 'kb001']);
  });

  it('names without a field sort as equal: id order', () => {
    for (const name of [
      'sum_mrr',
      'sum_ltv',
      'moscow_priority',
      'priority',
      'severity',
      'trending_score',
      'cf_3',
      'jira_issue_key',
    ]) {
      expect(order(portal(), name, 'desc')).toEqual(['dark1', 'sso22', 'pend3', 'rej44', 'kb001']);
    }
  });

  it('null values come first ascending and last descending, as MySQL orders NULL', () => {
    const p = portal();
    expect(order(p, 'platform', 'asc')).toEqual(['pend3', 'rej44', 'kb001', 'sso22', 'dark1']);
    expect(order(p, 'platform', 'desc')).toEqual(['dark1', 'sso22', 'pend3', 'rej44', 'kb001']);
  });

  it('text sorts case-insensitively', () => {
    const p = portal();
    ['apple', 'Banana', 'cherry', 'Date', 'elder'].forEach((title, i) =>
      p.posts.update(p.posts.list()[i].key, { title }),
    );
    expect(order(p, 'title', 'asc')).toEqual(['dark1', 'sso22', 'pend3', 'rej44', 'kb001']);
  });

  it('comments_count counts approved comments only', () => {
    // dark1 has four approved comments; sso22 one pending and one rejected.
    expect(order(portal(), 'comments_count', 'desc').slice(0, 2)).toEqual(['dark1', 'sso22']);
    const p = portal();
    p.comments.insert({ ...p.comments.list()[4], id: 200, moderation_status: 'approved', post_key: 'rej44' });
    p.comments.insert({ ...p.comments.list()[4], id: 201, moderation_status: 'pending', post_key: 'rej44' });
    expect(order(p, 'comments_count', 'desc').slice(0, 2)).toEqual(['dark1', 'rej44']);
  });

  it('approving a comment counts it; deleting it uncounts it', () => {
    const p = portal();
    expect(p.posts.approvedCommentCount('sso22')).toBe(0);
    p.comments.update(104, { moderation_status: 'approved' });
    expect(p.posts.approvedCommentCount('sso22')).toBe(1);
    p.comments.delete([104]);
    expect(p.posts.approvedCommentCount('sso22')).toBe(0);
  });

  it("latest_vote orders by each post's newest vote; posts without votes sort as NULL", () => {
    const p = portal();
    p.votes.insert({ post_key: 'sso22', anonymous_id: 'a', created_at: '2026-05-01T00:00:00Z' });
    p.votes.insert({ post_key: 'dark1', anonymous_id: 'a', created_at: '2026-04-01T00:00:00Z' });
    p.votes.insert({ post_key: 'dark1', anonymous_id: 'b', created_at: '2026-06-01T00:00:00Z' });
    expect(order(p, 'latest_vote', 'desc')).toEqual(['dark1', 'sso22', 'pend3', 'rej44', 'kb001']);
    p.votes.delete('dark1', 'b');
    expect(order(p, 'latest_vote', 'desc')).toEqual(['sso22', 'dark1', 'pend3', 'rej44', 'kb001']);
  });
});
