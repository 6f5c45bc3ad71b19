import { describe, expect, it } from 'vitest';
import { NotFoundError, RuleViolation } from '../../../src/server/domain/errors.js';
import {
  addAnonymousVote,
  ALREADY_VOTED,
  isVoteable,
  NOT_VOTEABLE,
  removeAnonymousVote,
} from '../../../src/server/domain/votes.js';
import { seedWith, storedPortal } from './stored-portal.js';
import type { Portal } from '../../../src/server/store/portal.js';

const NOW = new Date('2026-06-01T00:00:00Z');
const ID = '5d41402abc4b2a76b9719d911017c592';
const portal = (): Portal => storedPortal();
const post = (p: Portal, key: string) => p.posts.list().find((x) => x.key === key)!;

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}

describe('anonymous votes (domain)', () => {
  it('a vote is recorded in anonymous_votes and raises votes_count by one', () => {
    const p = portal();
    const vote = addAnonymousVote(p, 'dark1', ID, NOW);
    expect(vote).toEqual({ post_key: 'dark1', anonymous_id: ID, created_at: '2026-06-01T00:00:00.000Z' });
    expect(p.votes.list()).toEqual([vote]);
    expect(post(p, 'dark1').votes_count).toBe(6);
  });

  it('an anonymous user who already voted cannot vote again', () => {
    const p = portal();
    addAnonymousVote(p, 'dark1', ID, NOW);
    const err = thrown(() => addAnonymousVote(p, 'dark1', ID, NOW));
    expect(err).toBeInstanceOf(RuleViolation);
    expect((err as Error).message).toBe(ALREADY_VOTED);
    expect(post(p, 'dark1').votes_count).toBe(6);
  });

  it('anonymous ids compare exactly: another spelling is another anonymous user', () => {
    const p = portal();
    addAnonymousVote(p, 'dark1', ID, NOW);
    addAnonymousVote(p, 'dark1', ID.toUpperCase(), NOW);
    expect(post(p, 'dark1').votes_count).toBe(7);
  });

  it('revoking removes the vote and lowers votes_count by one', () => {
    const p = portal();
    addAnonymousVote(p, 'sso22', ID, NOW);
    removeAnonymousVote(p, 'sso22', ID);
    expect(p.votes.list()).toEqual([]);
    expect(post(p, 'sso22').votes_count).toBe(9);
  });

  it('revoking without a vote is refused', () => {
    const p = portal();
    const err = thrown(() => removeAnonymousVote(p, 'sso22', ID));
    expect(err).toBeInstanceOf(RuleViolation);
    expect((err as Error).message).toBe('Anonymous user has not voted yet.');
    expect(post(p, 'sso22').votes_count).toBe(9);
  });

  it('votes_count never goes below zero', () => {
    const p = portal();
    p.votes.insert({ post_key: 'kb001', anonymous_id: ID, created_at: NOW.toISOString() });
    p.posts.update('sso22', { votes_count: 0 });
    p.votes.insert({ post_key: 'sso22', anonymous_id: ID, created_at: NOW.toISOString() });
    removeAnonymousVote(p, 'sso22', ID);
    expect(post(p, 'sso22').votes_count).toBe(0);
  });

  it('only approved posts on a board, a roadmap or no tab are voteable', () => {
    const p = storedPortal(
      seedWith((s) => s.tabs!.push({ id: 9, slug: 'news', name: 'News', type: 'changelog', description: '' })),
    );
    expect(isVoteable(p, post(p, 'dark1'))).toBe(true);
    expect(isVoteable(p, post(p, 'sso22'))).toBe(true);
    expect(isVoteable(p, post(p, 'pend3'))).toBe(false);
    expect(isVoteable(p, post(p, 'rej44'))).toBe(false);
    expect(isVoteable(p, post(p, 'kb001'))).toBe(false);
    p.posts.update('dark1', { tab_id: null });
    expect(isVoteable(p, post(p, 'dark1'))).toBe(true);
    p.posts.update('dark1', { tab_id: 9 });
    expect(isVoteable(p, post(p, 'dark1'))).toBe(false);
  });

  it('voting on or revoking from an item that is not voteable is refused before anything else', () => {
    const p = portal();
    p.votes.insert({ post_key: 'pend3', anonymous_id: ID, created_at: NOW.toISOString() });
    for (const fn of [() => addAnonymousVote(p, 'pend3', ID, NOW), () => removeAnonymousVote(p, 'pend3', ID)]) {
      const err = thrown(fn);
      expect(err).toBeInstanceOf(RuleViolation);
      expect((err as Error).message).toBe(NOT_VOTEABLE);
    }
    expect(p.votes.list()).toHaveLength(1);
  });

  it("an unknown post is not found in the service's words", () => {
    const err = thrown(() => addAnonymousVote(portal(), 'zzz', ID, NOW));
    expect(err).toBeInstanceOf(NotFoundError);
    expect((err as Error).message).toBe('No query results for model [App\\Models\\Post] zzz');
  });
});
