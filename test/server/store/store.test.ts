import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCategory, deleteCategory } from '../../../src/server/domain/categories.js';
import { createComment, deleteComment } from '../../../src/server/domain/comments.js';
import { createFeedback, deleteFeedback } from '../../../src/server/domain/feedback.js';
import { createApp } from '../../../src/server/app/create-app.js';
import { openDatabase } from '../../../src/server/store/database.js';
import { loadSeed } from '../../../src/server/store/seeding/load-seed.js';
import { resetFilePath, Store } from '../../../src/server/store/store.js';
import { ADMIN_KEY, CARA, fixtureSeed } from '../../support/fixture-seed.js';

const NOW = new Date('2026-06-01T00:00:00Z');
const freshStore = () => new Store(loadSeed(fixtureSeed(), NOW));

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fp-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A store on a data file seeded with the fixture, as `fp server --data` opens one. */
function fileStore(file = join(dir, 'data.db')): Store {
  const db = openDatabase(file);
  if (Store.isEmpty(db)) Store.seed(db, loadSeed(fixtureSeed(), NOW));
  return new Store(db);
}

describe('Store', () => {
  it('D-RESET Store.reset restores one portal only', () => {
    const store = freshStore();
    const [first, second] = store.portals;
    store.transaction(() => first.groups.list().forEach((g) => first.groups.delete(g.id)));
    store.transaction(() => second.feedback.list().forEach((f) => second.feedback.delete(f.id)));
    store.reset(1);
    expect(store.portals[0].groups.list()).toHaveLength(2);
    expect(store.portals[1].feedback.list()).toEqual([]);
  });

  it('reset of an unknown portal id changes nothing', () => {
    const store = freshStore();
    const before = JSON.stringify(store.state);
    store.reset(99);
    expect(JSON.stringify(store.state)).toBe(before);
  });

  it('D-RESET reset can go back to a given state instead of the loaded one', () => {
    const seed = loadSeed(fixtureSeed());
    const data = loadSeed(fixtureSeed());
    data.portals[0].title = 'From the data file';
    const store = new Store(data, { resetTo: seed });
    expect(store.portals[0].title).toBe('From the data file');
    store.reset(1);
    expect(store.portals[0].title).toBe('Test Portal');
  });

  it('the dump is the loaded seed, every default filled in', () => {
    const state = loadSeed(fixtureSeed(), NOW);
    expect(new Store(state).state).toEqual(state);
  });

  it('picks the portal by Host without port and case; unknown hosts get the default portal', () => {
    const store = freshStore();
    expect(store.portalForHost('other.localhost').title).toBe('Other Portal');
    expect(store.portalForHost('OTHER.localhost:4010').title).toBe('Other Portal');
    expect(store.portalForHost('127.0.0.2:80').title).toBe('Other Portal');
    expect(store.portalForHost('unknown.test').title).toBe('Test Portal');
    expect(store.portalForHost(undefined).title).toBe('Test Portal');
  });

  it('a Host port is stripped from names, IPv4 and bracketed IPv6; an IPv6 address without brackets is taken whole', () => {
    const seed = fixtureSeed();
    seed.portals[1].hosts = ['a.localhost', '127.0.0.9', '[::1]', '::1'];
    const store = new Store(loadSeed(seed, NOW));
    for (const host of ['a.localhost:8080', 'a.localhost', '127.0.0.9:1', '[::1]:4010', '::1'])
      expect(store.portalForHost(host).title, host).toBe('Other Portal');
  });
});

describe('writes', () => {
  it('a write that throws leaves nothing behind; the writes around it stay', async () => {
    const store = freshStore();
    const portal = store.portals[0];
    store.transaction(() => createCategory(portal, { name: 'Kept before' }));
    expect(() =>
      store.transaction(() => {
        createCategory(portal, { name: 'Undone' });
        throw new Error('rule broken half way');
      }),
    ).toThrow('rule broken half way');
    store.transaction(() => createCategory(portal, { name: 'Kept after' }));
    await store.commit();
    expect(portal.categories.list().map((c) => c.name)).toEqual([
      'Integrations',
      'Mobile',
      'Locked',
      'Kept before',
      'Kept after',
    ]);
  });

  it('writes of one turn share one commit, and commit resolves once it is done', async () => {
    const store = fileStore();
    const portal = store.portals[0];
    const a = store.transaction(() => createCategory(portal, { name: 'One' }));
    const b = store.transaction(() => createCategory(portal, { name: 'Two' }));
    const [first, second] = [store.commit(), store.commit()];
    await Promise.all([first, second]);
    store.close();
    const reopened = fileStore();
    expect(reopened.portals[0].categories.list().map((c) => c.id)).toContain(a.id);
    expect(reopened.portals[0].categories.list().map((c) => c.id)).toContain(b.id);
    reopened.close();
  });

  it('a commit that fails rejects every waiter and undoes the whole batch', async () => {
    const store = freshStore();
    const portal = store.portals[0];
    // A deferred foreign key is checked at COMMIT: a real commit failure of SQLite.
    store.sql.exec('CREATE TABLE fault (portal_id INTEGER REFERENCES portals (id) DEFERRABLE INITIALLY DEFERRED)');
    store.transaction(() => createCategory(portal, { name: 'Lost with the batch' }));
    store.transaction(() => store.sql.run('INSERT INTO fault VALUES (999)'));
    await expect(store.commit()).rejects.toThrow(/FOREIGN KEY/);
    expect(portal.categories.list().map((c) => c.name)).not.toContain('Lost with the batch');
    // The store goes on: the next write commits.
    store.transaction(() => createCategory(portal, { name: 'Next' }));
    await store.commit();
    expect(portal.categories.list().map((c) => c.name)).toContain('Next');
  });

  it('a write request whose commit fails answers 500 with a JSON message, and nothing of it remains', async () => {
    const store = freshStore();
    store.sql.exec('CREATE TABLE fault (portal_id INTEGER REFERENCES portals (id) DEFERRABLE INITIALLY DEFERRED)');
    store.sql.exec(
      'CREATE TEMP TRIGGER fault_on_comment AFTER INSERT ON main.comments BEGIN INSERT INTO fault VALUES (999); END',
    );
    const server = createApp({ store, logError: () => {} });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as { port: number }).port;
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/posts/dark1/comments`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: CARA, comment: 'Never stored' }),
      });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ message: 'Server Error' });
      expect(store.portals[0].comments.list().map((c) => c.comment)).not.toContain('Never stored');
      expect(store.portals[0].eventLog.records()).toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('reset copies', () => {
  it('copies left by killed servers are removed; those of running processes and other files are kept', () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    const uuid = '00000000-0000-4000-8000-000000000001';
    const names = [
      `fp-reset-${gone}-${uuid}.db`,
      `fp-reset-${gone}-${uuid}.db-wal`,
      `fp-reset-${process.pid}-${uuid}.db`,
      'fp-reset-notes.txt',
    ];
    for (const name of names) writeFileSync(join(dir, name), '');
    // The first reset copy named in a temporary folder sweeps it.
    vi.stubEnv('TMPDIR', dir);
    try {
      expect(resetFilePath().startsWith(join(dir, 'fp-reset-'))).toBe(true);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(readdirSync(dir).sort()).toEqual([`fp-reset-${process.pid}-${uuid}.db`, 'fp-reset-notes.txt']);
  });
});

describe('knowledge-base repository', () => {
  it('reads only the posts and sections of the tab; postsWithKey finds any post of the store by key', () => {
    const store = freshStore();
    const portal = store.portals[0];
    const tab = portal.tabs.get(3)!;
    const kb = portal.kb.read(tab);
    expect(kb.articles.map((a) => a.key)).toEqual(
      portal.posts
        .list()
        .filter((p) => p.tab_id === 3)
        .map((p) => p.key),
    );
    expect(kb.articles.map((a) => a.key)).toEqual(['kb001']);
    expect(kb.sections.map((s) => s.id)).toEqual(
      portal.sections
        .list()
        .filter((s) => s.tab_id === 3)
        .map((s) => s.id),
    );
    expect(portal.kb.postsWithKey('dark1')).toEqual([{ portal_id: 1, tab_id: portal.posts.get('dark1')!.tab_id }]);
    expect(portal.kb.postsWithKey('nope1')).toEqual([]);
  });
});

describe('post tallies', () => {
  const tallies = (store: Store) =>
    store.sql.all('SELECT portal_id, moderation_status, tab_key, n FROM post_counts WHERE n != 0 ORDER BY 1, 2, 3');
  const counted = (store: Store) =>
    store.sql.all(
      'SELECT portal_id, moderation_status, coalesce(tab_id, 0) AS tab_key, count(*) AS n FROM posts GROUP BY 1, 2, 3 ORDER BY 1, 2, 3',
    );

  it('the totals of post lists follow every insert, move, moderation and delete, and a reset', () => {
    const store = freshStore();
    const portal = store.portals[0];
    expect(tallies(store)).toEqual(counted(store));
    store.transaction(() =>
      portal.posts.insert({ ...portal.posts.get('dark1')!, key: 'new01', database_id: portal.posts.nextId() }),
    );
    store.transaction(() => portal.posts.update('sso22', { moderation_status: 'pending' }));
    store.transaction(() => portal.posts.update('dark1', { tab_id: null }));
    store.transaction(() => portal.posts.delete(['rej44']));
    expect(tallies(store)).toEqual(counted(store));
    const approved = { moderation_status: 'approved' as const, hideKnowledgeBase: true };
    const byId = { by: 'id', direction: 'asc' as const };
    const { posts, total } = portal.posts.page(approved, byId, 0, 100);
    expect(total).toBe(posts.length);
    expect(portal.posts.page({ ...approved, hideKnowledgeBase: false, tabId: 1 }, byId, 0, 1).total).toBe(
      portal.posts.list().filter((p) => p.moderation_status === 'approved' && p.tab_id === 1).length,
    );
    store.reset(1);
    expect(tallies(store)).toEqual(counted(store));
  });
});

describe('ids are never handed out twice', () => {
  it('D-IDS-NEVER-REUSED a deleted category id, comment id or post database id does not come back', () => {
    const store = freshStore();
    const portal = store.portals[0];
    const first = store.transaction(() => createCategory(portal, { name: 'First' }));
    expect(first.id).toBe(4);
    store.transaction(() => deleteCategory(portal, '4'));
    expect(store.transaction(() => createCategory(portal, { name: 'Second' })).id).toBe(5);

    const comment = store.transaction(() => createComment(portal, 'dark1', { user_id: CARA, comment: 'a' }, NOW));
    expect(comment.id).toBe(106);
    store.transaction(() => deleteComment(portal, '106'));
    expect(store.transaction(() => createComment(portal, 'dark1', { user_id: CARA, comment: 'b' }, NOW)).id).toBe(107);
    expect(portal.posts.nextId()).toBe(6);
  });

  it('D-IDS-NEVER-REUSED also after a restart on the same data file', async () => {
    const file = join(dir, 'ids.db');
    const store = fileStore(file);
    store.transaction(() => createCategory(store.portals[0], { name: 'Short-lived' }));
    store.transaction(() => deleteCategory(store.portals[0], '4'));
    await store.commit();
    store.close();
    const again = fileStore(file);
    expect(again.transaction(() => createCategory(again.portals[0], { name: 'After restart' })).id).toBe(5);
    await again.commit();
    again.close();
  });

  it('D-FEEDBACK-IDS-NEVER-REUSED a deleted feedback id does not come back, also after a restart on the same data file', async () => {
    const file = join(dir, 'feedback-ids.db');
    const store = fileStore(file);
    const made = store.transaction(() =>
      createFeedback(store.portals[0], { type: 'idea', feedback: 'short-lived' }, NOW),
    );
    expect(made.id).toBe('fb-3');
    store.transaction(() => deleteFeedback(store.portals[0], 'fb-3'));
    await store.commit();
    store.close();
    const again = fileStore(file);
    expect(
      again.transaction(() => createFeedback(again.portals[0], { type: 'idea', feedback: 'after restart' }, NOW)).id,
    ).toBe('fb-4');
    await again.commit();
    again.close();
  });

  it('D-IDS-NEVER-REUSED ids count per portal: the other portal goes on from its own seed (one category)', () => {
    const store = freshStore();
    expect(store.transaction(() => createCategory(store.portals[1], { name: 'Elsewhere' })).id).toBe(2);
  });

  it('D-IDS-NEVER-REUSED reset puts the id counters back to the seed with the rest of the portal', () => {
    const store = freshStore();
    store.transaction(() => createCategory(store.portals[0], { name: 'Before reset' }));
    store.reset(1);
    expect(store.transaction(() => createCategory(store.portals[0], { name: 'After reset' })).id).toBe(4);
  });
});
