import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Statement } from '../../../src/server/store/database.js';
import { APPLICATION_ID, openDatabase } from '../../../src/server/store/database.js';
import { loadSeed } from '../../../src/server/store/seeding/load-seed.js';
import type { PostFilter, PostOrder } from '../../../src/server/store/repositories/post-list-query.js';
import { MIGRATIONS } from '../../../src/server/store/schema.js';
import type { SeedFile } from '../../../src/seed-file/seed-file.js';
import { Store } from '../../../src/server/store/store.js';

const DIRECTIONS = ['asc', 'desc'] as const;
const ANN = '11111111-1111-4111-8111-111111111111';
const USERS = [
  { id: ANN, name: 'ann' },
  { id: '22222222-2222-4222-8222-222222222222', name: 'Ann' },
  { id: '33333333-3333-4333-8333-333333333333', name: 'Bob' },
  { id: '44444444-4444-4444-8444-444444444444', name: 'cara' },
];

/** A deterministic portal whose posts tie, hold NULLs and differ in case in every ordered field. */
function seed(posts = 90): SeedFile {
  let n = 7;
  const rand = (k: number) => (n = (n * 48271) % 2147483647) % k;
  const some = <T>(values: T[]) => values[rand(values.length)];
  const day = (k: number) => `2026-0${1 + (k % 3)}-1${k % 5}T00:00:00Z`;
  const keys = Array.from({ length: posts }, (_, i) => `k${i}`);
  return {
    portals: [
      {
        hosts: ['pages.localhost'],
        title: 'Pages',
        api_keys: [{ token: 't' }],
        users: USERS,
        tabs: [
          { id: 1, slug: 'board', name: 'Board' },
          { id: 2, slug: 'roadmap', name: 'Roadmap', type: 'roadmap' },
          { id: 3, slug: 'help', name: 'Help', type: 'knowledge_base' },
        ],
        sections: [
          { id: 1, tab_id: 3, slug: 'start', name: 'Start' },
          { id: 2, tab_id: 3, slug: 'more', name: 'More' },
        ],
        statuses: [
          { id: 1, name: 'Planned' },
          { id: 2, name: 'Done' },
        ],
        posts: keys.map((key, i) => ({
          key,
          title: some(['Export', 'export', 'Dark mode', 'ÉTÉ', 'été', 'zoom']),
          author_id: some(USERS).id,
          tab_id: some([1, 1, 2, 3, null]),
          section_id: some([null, null, 1, 2]),
          status_id: some([null, 1, 2]),
          moderation_status: some(['approved', 'approved', 'approved', 'pending', 'rejected']),
          votes_count: rand(4),
          views_count: rand(3),
          platform: some(['web', 'Web', 'iOS', null, 'ios']),
          version: some(['1.0', '1.10', null]),
          release: some(['R1', 'r1', null, 'R2']),
          sort_order: rand(20),
          created_at: day(rand(7)),
          updated_at: day(i % 4),
          latest_status_change_at: day(rand(5)),
        })),
        comments: keys
          .filter(() => rand(3) === 0)
          .map((post_key) => ({
            post_key,
            user_id: ANN,
            comment: 'A comment',
            moderation_status: some(['approved', 'pending']),
          })),
        anonymous_votes: keys
          .filter(() => rand(2) === 0)
          .map((post_key, i) => ({ post_key, anonymous_id: `a${i}`, created_at: day(rand(4)) })),
      },
    ],
  } as SeedFile;
}

/** What each order sorted on before orders had indexes: the author by a subquery, text without regard to case. */
const OLD_COLUMNS: Record<string, string> = {
  id: 'database_id',
  title: 'title_lc',
  created_at: 'created_ms',
  updated_at: 'updated_ms',
  content_updated_at: 'updated_ms',
  votes_count: 'votes_count',
  comments_count: 'comments_count',
  latest_status_change: 'latest_status_change_ms',
  latest_vote: 'latest_vote_ms',
  views: 'views_count',
  order: 'sort_order',
  platform: 'lower(platform)',
  version: 'lower(version)',
  release: 'lower(release)',
  author: '(SELECT u.name_lc FROM users u WHERE u.portal_id = posts.portal_id AND u.id = posts.author_id)',
  section: 'section_id',
};

/** Every order a list can ask for: the names with a field, and one without (they all sort by id). */
const ORDERS = [...Object.keys(OLD_COLUMNS), 'sum_mrr'];

/** The filters tried, each with the plain WHERE clause that says the same. */
const FILTERS: Array<[string, Omit<PostFilter, 'moderation_status'>, string]> = [
  [
    'no filter',
    { hideKnowledgeBase: true },
    "(tab_id IS NULL OR tab_id NOT IN (SELECT id FROM tabs t WHERE t.portal_id = posts.portal_id AND t.type = 'knowledge_base'))",
  ],
  ['a board', { hideKnowledgeBase: false, tabId: 1 }, 'tab_id = 1'],
  ['a knowledge base', { hideKnowledgeBase: false, tabId: 3 }, 'tab_id = 3'],
  ['an unknown tab', { hideKnowledgeBase: false, tabId: null }, '0'],
  [
    'a section',
    { hideKnowledgeBase: false, section: 'start' },
    "section_id IN (SELECT id FROM sections s WHERE s.portal_id = posts.portal_id AND (CAST(s.id AS TEXT) = 'start' OR s.slug = 'start'))",
  ],
  [
    'a status',
    { hideKnowledgeBase: true, statusIds: [2] },
    "status_id = 2 AND (tab_id IS NULL OR tab_id NOT IN (SELECT id FROM tabs t WHERE t.portal_id = posts.portal_id AND t.type = 'knowledge_base'))",
  ],
];

/** The whole list, sorted by SQLite without any index, as the list was read before. */
function fullSort(store: Store, where: string, order: PostOrder): string[] {
  const column = OLD_COLUMNS[order.by];
  const orderBy = column
    ? `${column} ${order.direction === 'asc' ? 'ASC' : 'DESC'}, database_id ASC`
    : 'database_id ASC';
  return store.sql
    .all<{ key: string }>(
      `SELECT key FROM posts NOT INDEXED WHERE portal_id = ? AND moderation_status = 'approved' AND ${where} ORDER BY ${orderBy}`,
      [store.portals[0].id],
    )
    .map((r) => r.key);
}

/** Every page of every order, at the first, second, middle and last places and past the end, against the full sort. */
function expectPagesAsFullSort(store: Store): void {
  const portal = store.portals[0];
  for (const [name, filter, where] of FILTERS)
    for (const by of ORDERS)
      for (const direction of DIRECTIONS) {
        const order = { by, direction };
        const all = fullSort(store, where, order);
        for (const limit of [1, 7, 100])
          for (const skip of new Set([
            0,
            1,
            Math.floor(all.length / 2) - 3,
            all.length - limit,
            all.length - 1,
            all.length,
            all.length + 4,
          ]))
            if (skip >= 0) {
              const page = portal.posts.page({ ...filter, moderation_status: 'approved' }, order, skip, limit);
              expect(
                { total: page.total, keys: page.posts.map((p) => p.key) },
                `${name}, ${by} ${direction}, skip ${skip}, limit ${limit}`,
              ).toEqual({ total: all.length, keys: all.slice(skip, skip + limit) });
            }
      }
}

describe('pages of a post list in every order (D-POSTS-DEEP-PAGES)', () => {
  it('are the slices of the full sort at every depth, read from either end of an index', () => {
    const store = new Store(loadSeed(seed()));
    expectPagesAsFullSort(store);
  });

  it('stay so when authors are renamed, added and deleted, posts move between tabs and tabs change type', () => {
    const store = new Store(loadSeed(seed()));
    const portal = store.portals[0];
    const posts = portal.posts.list();
    store.transaction(() => {
      portal.users.update(USERS[2].id, { name: 'aaron' });
      portal.users.delete(USERS[3].id);
      portal.posts.update(posts[0].key, { tab_id: 3 });
      portal.posts.update(posts[1].key, { tab_id: null, author_id: USERS[2].id });
      portal.posts.update(posts[2].key, { tab_id: 1, author_id: USERS[3].id });
      portal.posts.insert({ ...posts[3], key: 'new1', database_id: portal.posts.nextId(), tab_id: 3 });
      portal.posts.insert({ ...posts[4], key: 'new2', database_id: portal.posts.nextId(), author_id: 'nobody' });
      portal.users.insert({
        ...portal.users.get(ANN)!,
        id: 'nobody',
        database_id: portal.users.nextDatabaseId(),
        name: 'Zed',
      });
      portal.tabs.update(2, { type: 'knowledge_base' });
      portal.tabs.update(3, { type: 'board' });
    });
    expectPagesAsFullSort(store);
  });

  it('read the same from a data file written before the columns the orders use were kept', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fp-post-pages-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'old.db');
    // The migrations before the one that keeps them, run by the driver itself.
    const before = MIGRATIONS.findIndex((m) => m.includes('ADD COLUMN on_kb_tab'));
    const Driver = createRequire(import.meta.url)('libsql') as new (
      path: string,
    ) => {
      exec(sql: string): void;
      close(): void;
    };
    const db = new Driver(file);
    for (const m of MIGRATIONS.slice(0, before)) db.exec(m);
    db.exec(`PRAGMA application_id = ${APPLICATION_ID}`);
    db.exec(`PRAGMA user_version = ${before}`);
    db.exec(`
      INSERT INTO portals (id, guid, is_default, settings) VALUES (1, 'g', 1, '{}');
      INSERT INTO tabs (portal_id, id, slug, name, type, description) VALUES (1, 1, 'b', 'B', 'board', ''), (1, 3, 'h', 'H', 'knowledge_base', '');
      INSERT INTO users (portal_id, id, id_lc, database_id, name, name_lc, email, role, created_at)
        VALUES (1, 'u1', 'u1', 1, 'Bo', 'bo', '', 'member', 't'), (1, 'u2', 'u2', 2, 'al', 'al', '', 'member', 't');
    `);
    for (const [i, tab, author] of [
      [1, 1, 'u1'],
      [2, 3, 'u2'],
      [3, 'NULL', 'u2'],
      [4, 1, 'u3'],
    ] as const)
      db.exec(`INSERT INTO posts (portal_id, key, database_id, title, title_lc, description, author_id, tab_id,
        moderation_status, votes_count, views_count, slug, sort_order, created_at, created_ms, updated_at, updated_ms,
        latest_status_change_at, latest_status_change_ms)
        VALUES (1, 'p${i}', ${i}, 'T', 't', '', '${author}', ${tab}, 'approved', 0, 0, 's', ${i}, 't', ${i}, 't', 0, 't', 0)`);
    db.close();
    const store = new Store(openDatabase(file));
    cleanups.push(() => store.sql.close());
    const keys = (filter: Omit<PostFilter, 'moderation_status'>, by: string) =>
      store.portals[0].posts
        .page({ ...filter, moderation_status: 'approved' }, { by, direction: 'asc' }, 0, 10)
        .posts.map((p) => p.key);
    expect(keys({ hideKnowledgeBase: true }, 'author')).toEqual(['p4', 'p3', 'p1']);
    expect(keys({ hideKnowledgeBase: false, tabId: 3 }, 'id')).toEqual(['p2']);
  });
});

describe('a list in an order whose index cannot be built (D-POSTS-DEEP-PAGES)', () => {
  it('is sorted without it, and the build is tried again at the next list', () => {
    const store = new Store(loadSeed(seed()));
    const filter: PostFilter = { hideKnowledgeBase: true, moderation_status: 'approved' };
    const order: PostOrder = { by: 'votes_count', direction: 'desc' };
    const built = () =>
      store.sql.value("SELECT count(*) FROM sqlite_master WHERE name = 'posts_listed_by_votes_count_desc'");
    const all = fullSort(store, FILTERS[0][2], order);
    const keys = (skip: number) => store.portals[0].posts.page(filter, order, skip, 5).posts.map((p) => p.key);
    // As another connection holding the write lock would refuse it.
    const exec = store.sql.exec.bind(store.sql);
    store.sql.exec = (text: string) => {
      if (text.startsWith('CREATE INDEX')) throw new Error('database is locked');
      exec(text);
    };
    for (const skip of [0, all.length - 3]) expect(keys(skip)).toEqual(all.slice(skip, skip + 5));
    expect(built()).toBe(0);
    store.sql.exec = exec;
    expect(keys(1)).toEqual(all.slice(1, 6));
    expect(built()).toBe(1);
  });
});

const cleanups: Array<() => void> = [];
afterAll(() => cleanups.forEach((c) => c()));

/** The statements of post lists a call prepares, each with the steps of its plan that are not in a subquery. */
function plansOf(store: Store, run: () => void): Array<{ sql: string; plan: string[] }> {
  const db = store.sql.db;
  const prepared: string[] = [];
  const prepare = db.prepare.bind(db);
  db.prepare = (sql: string): Statement => {
    prepared.push(sql);
    return prepare(sql);
  };
  try {
    run();
  } finally {
    db.prepare = prepare;
  }
  return prepared
    .filter((sql) => /FROM posts WHERE .* ORDER BY/.test(sql))
    .map((sql) => ({
      sql,
      plan: (
        db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(Array(sql.split('?').length - 1).fill(1)) as Array<{
          parent: number;
          detail: string;
        }>
      )
        .filter((r) => r.parent === 0)
        .map((r) => r.detail),
    }));
}

describe('a page of a post list reads an index in its order (D-POSTS-DEEP-PAGES)', () => {
  it('a seed load builds the index of the default order only; a list in another order builds its own, once', () => {
    const store = new Store(loadSeed(seed(40)));
    const posts = store.portals[0].posts;
    const indexes = () =>
      store.sql
        .all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'posts_listed_by_%'")
        .map((r) => r.name)
        .sort();
    expect(indexes()).toEqual(['posts_listed_by_created_ms_desc']);
    const list = (by: string, direction: 'asc' | 'desc') =>
      posts.page({ hideKnowledgeBase: true, moderation_status: 'approved' }, { by, direction }, 0, 5);
    list('votes_count', 'desc');
    list('votes_count', 'desc');
    list('id', 'asc');
    list('sum_mrr', 'desc');
    list('author', 'asc');
    expect(indexes()).toEqual([
      'posts_listed_by_author_name_lc',
      'posts_listed_by_created_ms_desc',
      'posts_listed_by_database_id',
      'posts_listed_by_votes_count_desc',
    ]);
  });

  for (const [name, filter] of FILTERS.filter(([n]) => n === 'no filter' || n === 'a board'))
    for (const by of ORDERS)
      for (const direction of DIRECTIONS)
        it(`${by} ${direction}, ${name}: the first page and the last, with no sort of its own`, () => {
          const store = new Store(loadSeed(seed(40)));
          const posts = store.portals[0].posts;
          const plans = plansOf(store, () => {
            for (const skip of [0, 1000])
              posts.page({ ...filter, moderation_status: 'approved' }, { by, direction }, skip, 5);
            posts.page({ ...filter, moderation_status: 'approved' }, { by, direction }, 0, 5);
            const { total } = posts.page({ ...filter, moderation_status: 'approved' }, { by, direction }, 0, 1);
            posts.page({ ...filter, moderation_status: 'approved' }, { by, direction }, Math.max(0, total - 1), 5);
          });
          expect(plans.length).toBe(2); // the first page's statement and the reversed one
          for (const { sql, plan } of plans) {
            const text = `${sql}\n${plan.join('\n')}`;
            expect(
              plan.filter((step) => step.includes('TEMP B-TREE')),
              text,
            ).toEqual([]);
            expect(
              plan.some((step) => /^SEARCH posts USING INDEX posts_listed_by_/.test(step)),
              text,
            ).toBe(true);
          }
        });
});
