import { describe, expect, it } from 'vitest';
import { sortPosts } from '../../../src/server/domain/posts-order.js';
import { loadSeed } from '../../../src/server/store/load-seed.js';
import type { PortalState } from '../../../src/server/store/state.js';
import { fixtureSeed } from '../../support/fixture-seed.js';

const portal = (): PortalState => loadSeed(fixtureSeed()).portals[0];
/** Sorted from reverse id order, so the id tie-break is what puts ties in order. */
const order = (p: PortalState, orderBy?: string, direction?: 'asc' | 'desc') =>
  sortPosts(p, [...p.posts].reverse(), orderBy, direction).map((x) => x.key);

describe('sortPosts', () => {
  it('defaults to created_at descending', () => {
    expect(order(portal())).toEqual(['kb001', 'rej44', 'pend3', 'sso22', 'dark1']);
  });

  it('ties fall back to ascending id in either direction', () => {
    const p = portal();
    for (const post of p.posts) post.votes_count = 1;
    expect(order(p, 'votes_count', 'asc')).toEqual(['dark1', 'sso22', 'pend3', 'rej44', 'kb001']);
    expect(order(p, 'votes_count', 'desc')).toEqual(['dark1', 'sso22', 'pend3', 'rej44', 'kb001']);
  });

  it('names without a field sort as equal: id order', () => {
    for (const name of ['sum_mrr', 'sum_ltv', 'moscow_priority', 'priority', 'severity', 'trending_score', 'cf_3', 'jira_issue_key']) {
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
    p.posts[0].title = 'apple';
    p.posts[1].title = 'Banana';
    p.posts[2].title = 'cherry';
    p.posts[3].title = 'Date';
    p.posts[4].title = 'elder';
    expect(order(p, 'title', 'asc')).toEqual(['dark1', 'sso22', 'pend3', 'rej44', 'kb001']);
  });

  it('comments_count counts approved comments only', () => {
    // dark1 has four approved comments; sso22 one pending and one rejected.
    expect(order(portal(), 'comments_count', 'desc').slice(0, 2)).toEqual(['dark1', 'sso22']);
    const p = portal();
    p.comments.push({ ...p.comments[4], id: 200, moderation_status: 'approved', post_key: 'rej44' });
    expect(order(p, 'comments_count', 'desc').slice(0, 2)).toEqual(['dark1', 'rej44']);
  });

  it('does not change the array it is given', () => {
    const p = portal();
    const before = p.posts.map((x) => x.key);
    sortPosts(p, p.posts, 'title', 'asc');
    expect(p.posts.map((x) => x.key)).toEqual(before);
  });
});
