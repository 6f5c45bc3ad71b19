import { describe, expect, it } from 'vitest';
import type { Statement } from '../../../src/server/store/database.js';
import { loadSeed } from '../../../src/server/store/seeding/load-seed.js';
import { Store } from '../../../src/server/store/store.js';
import { fixtureSeed } from '../../support/fixture-seed.js';

/**
 * Reads and writes of comments find their rows through an index, never by
 * reading every comment of the portal (a seed of 500,000 comments is loaded
 * with the fewest indexes that allow it).
 */
describe('comment queries use an index', () => {
  /** The statements `run` prepares on a fresh store, each with its query plan. */
  function plansOf(run: (store: Store) => void): Array<{ sql: string; plan: string[] }> {
    const store = new Store(loadSeed(fixtureSeed(), new Date('2026-06-01T00:00:00Z')));
    const db = store.sql.db;
    const prepared: string[] = [];
    const prepare = db.prepare.bind(db);
    db.prepare = (sql: string): Statement => {
      prepared.push(sql);
      return prepare(sql);
    };
    run(store);
    db.prepare = prepare;
    return prepared
      .filter((sql) => /\bcomments\b/.test(sql) && !/^\s*(INSERT|BEGIN|COMMIT|SAVEPOINT|RELEASE|ROLLBACK)/i.test(sql))
      .map((sql) => ({
        sql,
        plan: (
          db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(Array(sql.split('?').length - 1).fill(1)) as Array<{
            detail: string;
          }>
        ).map((r) => r.detail),
      }));
  }

  const cases: Array<[string, (store: Store) => void, string?]> = [
    // Through the index of only them: the range of ids below a cursor holds every approved comment too.
    [
      'the moderation queue of pending comments',
      (s) => s.portals[0].comments.byModeration('pending', undefined, 10),
      'comments_unapproved',
    ],
    [
      'the moderation queue of rejected comments, below a cursor',
      (s) => s.portals[0].comments.byModeration('rejected', 100, 10),
      'comments_unapproved',
    ],
    ['the list of approved comments', (s) => s.portals[0].comments.byModeration('approved', undefined, 10)],
    ['the replies to a comment', (s) => s.portals[0].comments.replyIds(1)],
    ['the comments of a post', (s) => s.portals[0].comments.ofPost(s.portals[0].posts.list()[0].key)],
    [
      'deleting comments (their replies become top-level)',
      (s) => s.transaction(() => s.portals[0].comments.delete([1])),
    ],
  ];
  for (const [name, run, index] of cases) {
    it(name, () => {
      const plans = plansOf(run);
      expect(plans.length).toBeGreaterThan(0);
      if (index) expect(plans.flatMap((p) => p.plan).some((step) => step.includes(`INDEX ${index} `))).toBe(true);
      for (const { sql, plan } of plans) {
        // Queries name the comments table `comments` or, inside a query of posts, `c`.
        expect(
          plan.filter((step) => /^SCAN (comments|c)\b/.test(step)),
          sql,
        ).toEqual([]);
        expect(
          plan.some((step) => /USING (COVERING )?INDEX (comments_|sqlite_autoindex_comments_)/.test(step)),
          `${sql}\n${plan.join('\n')}`,
        ).toBe(true);
      }
    });
  }
});
