import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POST_ORDER_BY, postSchemas } from '../../../src/contract/schemas/post.js';
import { ValidationError } from '../../../src/server/domain/errors.js';
import { listPosts } from '../../../src/server/domain/posts-list.js';
import { seedWith, storedPortal } from './stored-portal.js';
import type { Portal } from '../../../src/server/store/portal.js';
import type { SeedFile } from '../../../src/seed-file/seed-file.js';
import { ANN } from '../../support/fixture-seed.js';

const fixturePortal = (): Portal => storedPortal();
const query = (raw: Record<string, string | string[]>) => postSchemas().PostListQuerySchema.parse(raw);
const keysOf = (portal: Portal, raw: Record<string, string | string[]> = {}) =>
  listPosts(portal, query(raw)).posts.map((p) => p.key);

describe('listPosts', () => {
  it('lists approved posts only, newest first', () => {
    expect(keysOf(fixturePortal())).toEqual(['sso22', 'dark1']);
  });

  it('a post approved later joins the list; one rejected later leaves it', () => {
    const portal = fixturePortal();
    portal.posts.update('pend3', { moderation_status: 'approved' });
    portal.posts.update('dark1', { moderation_status: 'rejected' });
    expect(keysOf(portal)).toEqual(['pend3', 'sso22']);
  });

  it('knowledge-base articles are listed only when the tab or section names them', () => {
    const portal = fixturePortal();
    expect(keysOf(portal)).not.toContain('kb001');
    expect(keysOf(portal, { tab: 'help' })).toEqual(['kb001']);
    expect(keysOf(portal, { section: 'getting-started' })).toEqual(['kb001']);
    expect(keysOf(portal, { section: '11' })).toEqual([]);
  });

  it('defaults to skip 0 and limit 10 and reports them', () => {
    const page = listPosts(fixturePortal(), query({}));
    expect({ total: page.total, skip: page.skip, limit: page.limit, hasMore: page.hasMore }).toEqual({
      total: 2,
      skip: 0,
      limit: 10,
      hasMore: false,
    });
  });

  it('an unknown saved query is a validation error on saved_query_id', () => {
    const err = (() => {
      try {
        listPosts(fixturePortal(), query({ saved_query_id: '4' }));
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).errors).toEqual({ saved_query_id: ['The selected saved query id is invalid.'] });
  });

  it("a saved query supplies filters and order; the request's own parameters win", () => {
    const portal = storedPortal(
      seedWith((s) => {
        (s.saved_queries ??= []).push({
          id: 3,
          name: 'q',
          query: { category: '1', order_by: 'votes_count', order_direction: 'asc', limit: '1' },
        });
        // Outside category 1, with the most votes.
        s.posts!.push({
          key: 'mob1',
          database_id: 50,
          title: 'Mobile',
          author_id: ANN,
          category_ids: [2],
          votes_count: 20,
        });
      }),
    );
    expect(keysOf(portal)).toContain('mob1');
    const page = listPosts(portal, query({ saved_query_id: '3', order_direction: 'desc' }));
    expect(page.posts.map((p) => p.key)).toEqual(['sso22', 'dark1']);
    // The stored limit is not one of the filters a saved query supplies.
    expect(page.limit).toBe(10);
    expect(keysOf(portal, { saved_query_id: '3' })).toEqual(['dark1', 'sso22']);
  });
});

interface GeneratedPost {
  day: number;
  votes: number;
  title: string;
  platform: string | null;
  moderation: 'approved' | 'pending' | 'rejected';
  kb: boolean;
}

const generatedPost: fc.Arbitrary<GeneratedPost> = fc.record({
  day: fc.integer({ min: 1, max: 4 }),
  votes: fc.integer({ min: 0, max: 3 }),
  title: fc.constantFrom('Alpha', 'alpha', 'Beta', 'gamma'),
  platform: fc.constantFrom(null, 'web', 'ios'),
  moderation: fc.constantFrom('approved', 'approved', 'approved', 'pending', 'rejected'),
  kb: fc.boolean(),
});

function generatedPortal(posts: GeneratedPost[], ids: number[]): Portal {
  const seed: SeedFile = {
    portals: [
      {
        hosts: ['p.localhost'],
        title: 'Generated',
        api_keys: [{ token: 't' }],
        users: [{ id: ANN, name: 'Ann' }],
        tabs: [
          { id: 1, slug: 'board', name: 'Board' },
          { id: 2, slug: 'kb', name: 'KB', type: 'knowledge_base' },
        ],
        posts: posts.map((p, i) => ({
          key: `p${ids[i]}`,
          database_id: ids[i],
          title: p.title,
          author_id: ANN,
          tab_id: p.kb ? 2 : 1,
          votes_count: p.votes,
          platform: p.platform,
          moderation_status: p.moderation,
          created_at: `2026-01-0${p.day}T00:00:00Z`,
        })),
      },
    ],
  };
  return storedPortal(seed);
}

describe('listPosts paging (property)', () => {
  it('paging with skip/limit over all pages yields every listed post exactly once', () => {
    fc.assert(
      fc.property(
        fc
          .uniqueArray(fc.integer({ min: 1, max: 500 }), { maxLength: 30 })
          .chain((ids) =>
            fc.tuple(fc.constant(ids), fc.array(generatedPost, { minLength: ids.length, maxLength: ids.length })),
          ),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom(...POST_ORDER_BY, 'cf_1'),
        fc.constantFrom('asc', 'desc'),
        ([ids, posts], limit, orderBy, direction) => {
          const portal = generatedPortal(posts, ids);
          const base = { order_by: orderBy, order_direction: direction };
          const expected = posts.flatMap((p, i) => (p.moderation === 'approved' && !p.kb ? [`p${ids[i]}`] : []));
          const everything = listPosts(portal, query({ ...base, limit: '100' }));
          const seen: string[] = [];
          for (let skip = 0; ; skip += limit) {
            const page = listPosts(portal, query({ ...base, skip: String(skip), limit: String(limit) }));
            expect(page.total).toBe(expected.length);
            expect(page.posts.length).toBeLessThanOrEqual(limit);
            seen.push(...page.posts.map((p) => p.key));
            expect(page.hasMore).toBe(seen.length < expected.length);
            if (!page.hasMore) break;
          }
          expect(new Set(seen).size).toBe(seen.length);
          expect([...seen].sort()).toEqual([...expected].sort());
          expect(seen).toEqual(everything.posts.map((p) => p.key));
        },
      ),
      { numRuns: 150 },
    );
  });
});
