import { describe, expect, it } from 'vitest';
import { RuleViolation, ValidationError } from '../../../src/server/domain/errors.js';
import { tabArchive } from '../../../src/server/kb/tab-archive.js';
import {
  articleAuthor,
  findKbTab,
  foreignOwnership,
  saveKbTab,
  storeIdSource,
  toKbTab,
} from '../../../src/server/kb/kb-tab.js';
import { linkResults, scanProgress, startLinkScan } from '../../../src/server/kb/link-health-service.js';
import { LinkCache, ScanRegistry } from '../../../src/server/kb/link-health/index.js';
import type { LinkCheck } from '../../../src/server/kb/link-health/types.js';
import { executeSync, previewSync } from '../../../src/server/kb/sync-service.js';
import type { KbTab, ParsedArchive } from '../../../src/kb-archive/index.js';
import { NotFoundError } from '../../../src/server/domain/errors.js';
import { loadSeed } from '../../../src/server/store/seeding/load-seed.js';
import type { Portal } from '../../../src/server/store/portal.js';
import type { ServerState } from '../../../src/seed-file/seed-file.js';
import { Store } from '../../../src/server/store/store.js';
import { ANN, fixtureSeed } from '../../support/fixture-seed.js';

const NOW = new Date('2026-06-02T00:00:00.000Z');
/** The fixture in a store, after `change` to its loaded document. */
const state = (change: (doc: ServerState) => void = () => {}): Store => {
  const doc = loadSeed(fixtureSeed(), new Date('2026-06-01T00:00:00Z'));
  change(doc);
  return new Store(doc);
};
/** The synced tab written back to the store, as a sync does. */
const writeBack = (store: Store, portal: Portal, synced: KbTab) =>
  store.transaction(() => saveKbTab(portal, findKbTab(portal, synced.id), synced, NOW, () => articleAuthor(portal)));

function caught(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected a throw');
}

describe('findKbTab: tab_id must name a knowledge-base tab of this portal', () => {
  it('finds a knowledge-base tab by number or digit string', () => {
    const [portal] = state().portals;
    expect(findKbTab(portal, 3).slug).toBe('help');
    expect(findKbTab(portal, '3').slug).toBe('help');
  });

  it.each([
    ['a board tab', 1],
    ['a roadmap tab', 2],
    ['an unknown tab', 99],
    ['a non-numeric id', 'help'],
  ])('%s is The selected tab id is invalid.', (_label, id) => {
    const [portal] = state().portals;
    const err = caught(() => findKbTab(portal, id));
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).errors).toEqual({ tab_id: ['The selected tab id is invalid.'] });
  });

  it("another portal's tab is invalid here", () => {
    const s = state((d) =>
      d.portals[1].tabs.push({ id: 9, slug: 'kb', name: 'KB', type: 'knowledge_base', description: '' }),
    );
    expect(caught(() => findKbTab(s.portals[0], 9))).toBeInstanceOf(ValidationError);
  });
});

describe('toKbTab: a knowledge-base tab as the archive modules see it', () => {
  it('D-KB-ARTICLES sections of the tab, and its posts as articles with the body in description', () => {
    const [portal] = state().portals;
    expect(toKbTab(portal, findKbTab(portal, 3))).toEqual({
      id: 3,
      description: '',
      sections: [
        { id: 10, parent_id: null, slug: 'getting-started', name: 'Getting started', description: '', sort_order: 1 },
        { id: 11, parent_id: 10, slug: 'advanced', name: 'Advanced', description: '', sort_order: 2 },
      ],
      articles: [
        {
          key: 'kb001',
          section_id: 10,
          slug: 'installation',
          title: 'Installation',
          body: 'See [docs](https://docs.example.test/install).',
          sort_order: 5,
        },
      ],
    });
  });
});

describe('foreignOwnership: ids of another tab or portal', () => {
  it('a post key or section id of another tab of the portal is foreign; one of the tab is not', () => {
    const s = state();
    const own = foreignOwnership(s.portals[0], 3);
    expect(own.foreignArticleIds('dark1')).toBe(true);
    expect(own.foreignArticleIds('kb001')).toBe(false);
    expect(own.foreignArticleIds('nope')).toBe(false);
    expect(own.foreignSectionIds(20)).toBe(true);
    expect(own.foreignSectionIds(10)).toBe(false);
  });

  it('a post key or section id of another portal is foreign', () => {
    const s = state((d) => {
      d.portals[1].tabs.push({ id: 3, slug: 'kb', name: 'KB', type: 'knowledge_base', description: '' });
      d.portals[1].sections.push({
        id: 70,
        tab_id: 3,
        slug: 's',
        name: 'S',
        parent_id: null,
        description: '',
        sort_order: 1,
      });
      d.portals[1].posts.push({
        ...d.portals[0].posts[4],
        key: 'zz999',
        author_id: d.portals[1].users[0].id,
        section_id: 70,
      });
    });
    const own = foreignOwnership(s.portals[0], 3);
    expect(own.foreignArticleIds('zz999')).toBe(true);
    expect(own.foreignSectionIds(70)).toBe(true);
  });
});

describe('storeIdSource: ids for created items', () => {
  it('section ids continue after the highest id of every portal', () => {
    const s = state((d) =>
      d.portals[1].sections.push({
        id: 500,
        tab_id: 1,
        slug: 's',
        name: 'S',
        parent_id: null,
        description: '',
        sort_order: 1,
      }),
    );
    const ids = storeIdSource(s.portals[0]);
    expect([ids.newSectionId(), ids.newSectionId()]).toEqual([501, 502]);
  });

  it('post keys are short, fresh and never repeat', () => {
    const s = state();
    const ids = storeIdSource(s.portals[0]);
    const keys = Array.from({ length: 200 }, () => ids.newArticleKey());
    expect(new Set(keys).size).toBe(200);
    for (const key of keys) {
      expect(key).toMatch(/^[a-z0-9]{5,}$/);
      expect(s.portals[0].posts.list().some((p) => p.key === key)).toBe(false);
    }
  });
});

describe('articleAuthor: new articles are written by the first admin', () => {
  it('the first user with the admin role', () => {
    const [portal] = state((d) =>
      d.portals[0].users.unshift({ ...d.portals[0].users[1], id: 'member-first', database_id: 99, role: 'member' }),
    ).portals;
    expect(articleAuthor(portal)).toBe(ANN);
  });

  it('without an admin, the first user', () => {
    const [portal] = state((d) => {
      for (const u of d.portals[0].users) u.role = 'member';
    }).portals;
    expect(articleAuthor(portal)).toBe(ANN);
  });

  it('a portal without users cannot take new articles', () => {
    const [portal] = state((d) => (d.portals[0].users = [])).portals;
    expect(caught(() => articleAuthor(portal))).toEqual(
      new RuleViolation('The portal has no user to author the new articles.'),
    );
  });
});

describe('saveKbTab: the synced tab replaces the stored one', () => {
  it('a removed article takes its comments, references and anonymous votes; other posts keep theirs', () => {
    const s = state((d) => {
      const [doc] = d.portals;
      doc.comments.push({ ...doc.comments[0], id: 300, post_key: 'kb001' });
      doc.references.push({
        id: 1,
        post_key: 'kb001',
        reference: 'r',
        created_at: NOW.toISOString(),
        updated_at: NOW.toISOString(),
      });
      doc.anonymous_votes.push(
        { post_key: 'kb001', anonymous_id: 'a', created_at: NOW.toISOString() },
        { post_key: 'dark1', anonymous_id: 'a', created_at: NOW.toISOString() },
      );
    });
    const [portal] = s.portals;
    const tab = findKbTab(portal, 3);
    writeBack(s, portal, { ...toKbTab(portal, tab), articles: [] });
    expect(portal.posts.list().map((p) => p.key)).toEqual(['dark1', 'sso22', 'pend3', 'rej44']);
    expect(portal.comments.list().map((c) => c.id)).toEqual([100, 101, 102, 103, 104, 105]);
    expect(portal.references.list()).toEqual([]);
    expect(portal.votes.list().map((v) => v.post_key)).toEqual(['dark1']);
  });

  it('a removed section goes; sections of other tabs stay', () => {
    const s = state();
    const [portal] = s.portals;
    const kb = toKbTab(portal, findKbTab(portal, 3));
    writeBack(s, portal, { ...kb, sections: kb.sections.filter((x) => x.id !== 11) });
    expect(portal.sections.list().map((x) => x.id)).toEqual([10, 20]);
  });

  it('an article update touches updated_at only when something changed', () => {
    const s = state();
    const [portal] = s.portals;
    const tab = findKbTab(portal, 3);
    const before = portal.posts.list()[4].updated_at;
    writeBack(s, portal, toKbTab(portal, tab));
    expect(portal.posts.list()[4].updated_at).toBe(before);
    const kb = toKbTab(portal, tab);
    writeBack(s, portal, { ...kb, articles: [{ ...kb.articles[0], title: 'Setup' }] });
    expect(portal.posts.list()[4]).toMatchObject({ title: 'Setup', updated_at: NOW.toISOString() });
  });

  it('the tab description is written back', () => {
    const s = state();
    const [portal] = s.portals;
    writeBack(s, portal, { ...toKbTab(portal, findKbTab(portal, 3)), description: 'Hello' });
    expect(portal.tabs.list()[2].description).toBe('Hello');
  });
});

const archiveOf = (over: Partial<ParsedArchive>): ParsedArchive => ({
  rootDescription: null,
  sections: [
    { path: 'getting-started', id: 10, name: 'Getting started', sort_order: 1, description: '', parentPath: null },
    {
      path: 'getting-started/advanced',
      id: 11,
      name: 'Advanced',
      sort_order: 2,
      description: '',
      parentPath: 'getting-started',
    },
  ],
  articles: [],
  ...over,
});

describe('sync service', () => {
  it('preview lists the article to delete with its key and numeric database id', () => {
    const s = state();
    const plan = previewSync(s.portals[0], findKbTab(s.portals[0], 3), archiveOf({}));
    expect(plan.articles.delete).toEqual([
      { id: 'kb001', database_id: 5, title: 'Installation', path: 'getting-started/installation.md' },
    ]);
  });

  it('a confirmed numeric id matches a post by database id or by an all-digit key', () => {
    const s = state((d) =>
      d.portals[0].posts.push({ ...d.portals[0].posts[4], key: '777', database_id: 40, title: 'Digits' }),
    );
    const [portal] = s.portals;
    const result = executeSync(
      s,
      portal,
      findKbTab(portal, 3),
      archiveOf({}),
      { articles: [5, 777], sections: [] },
      NOW,
    );
    expect(result.applied.articles.delete.map((d) => d.id).sort()).toEqual(['777', 'kb001']);
    expect(result.summary).toEqual({ created: 0, updated: 0, deleted: 2, skipped: 0 });
  });

  it('unconfirmed deletions are reported as skipped and kept', () => {
    const s = state();
    const [portal] = s.portals;
    const result = executeSync(
      s,
      portal,
      findKbTab(portal, 3),
      archiveOf({ sections: [] }),
      { articles: [], sections: [11] },
      NOW,
    );
    expect(result.applied.sections.delete).toEqual([{ id: 11, title: 'Advanced', path: 'getting-started/advanced' }]);
    expect(result.skipped).toEqual({
      sections: [{ id: 10, title: 'Getting started', path: 'getting-started' }],
      articles: [{ id: 'kb001', database_id: 5, title: 'Installation', path: 'getting-started/installation.md' }],
    });
    expect(portal.sections.list().map((x) => x.id)).toEqual([10, 20]);
  });

  it('creating articles in a portal without users is refused before anything changes', () => {
    const s = state((d) => (d.portals[0].users = []));
    const [portal] = s.portals;
    const before = JSON.stringify(s.state);
    const archive = archiveOf({
      articles: [{ path: 'new.md', id: null, title: 'New', sort_order: null, body: '', sectionPath: null }],
    });
    expect(
      caught(() => executeSync(s, portal, findKbTab(portal, 3), archive, { articles: [], sections: [] }, NOW)),
    ).toBeInstanceOf(RuleViolation);
    expect(JSON.stringify(s.state)).toBe(before);
  });
});

describe('link-health service', () => {
  const fakeCheck = async (url: string): Promise<LinkCheck> => ({
    url,
    ok: !url.includes('bad'),
    status: url.includes('bad') ? 404 : 200,
    error: url.includes('bad') ? 'HTTP 404 Not Found' : null,
    final_url: url,
    redirects: 0,
    checked_at: NOW.toISOString(),
  });
  const services = () => {
    const linkCache = new LinkCache({ check: fakeCheck, now: () => NOW.getTime() });
    return { now: () => NOW, linkCache, scanRegistry: new ScanRegistry({ now: () => NOW.getTime() }) };
  };

  it('results before any scan are empty with scan_id null', () => {
    const [portal] = state().portals;
    expect(linkResults(services(), portal, findKbTab(portal, 3))).toEqual({
      tab_id: 3,
      scan_id: null,
      scanned_at: null,
      posts: [],
    });
  });

  it('a scan reads every article of the tab in the portal editor format and reports failed posts first', async () => {
    const [portal] = state((d) =>
      d.portals[0].posts.push({
        ...d.portals[0].posts[4],
        key: 'kb009',
        database_id: 9,
        title: 'Zed',
        description: 'http://bad.test/x',
      }),
    ).portals;
    const svc = services();
    const started = startLinkScan(svc, portal, findKbTab(portal, 3));
    expect(started.state).toBe('queued');
    await svc.scanRegistry.whenDone(started.scan_id);
    const results = linkResults(svc, portal, findKbTab(portal, 3));
    expect(results.scan_id).toBe(started.scan_id);
    expect(results.posts.map((p) => [p.post_id, p.healthy])).toEqual([
      ['kb009', false],
      ['kb001', true],
    ]);
  });

  it('progress of an unknown scan or one of another portal is Scan not found.', async () => {
    const s = state();
    const svc = services();
    const { scan_id } = startLinkScan(svc, s.portals[0], findKbTab(s.portals[0], 3));
    expect(scanProgress(svc, s.portals[0], scan_id).scan_id).toBe(scan_id);
    expect(caught(() => scanProgress(svc, s.portals[1], scan_id))).toEqual(new NotFoundError('Scan not found.'));
    expect(caught(() => scanProgress(svc, s.portals[0], 'nope'))).toEqual(new NotFoundError('Scan not found.'));
    await svc.scanRegistry.whenDone(scan_id);
  });
});

describe('attachment: Content-Disposition of the export', () => {
  /** The export's Content-Disposition for the help tab named `slug`. */
  const attachment = (file: string) => {
    const portal = state().portals[0];
    const help = portal.tabs.bySlug('help')!;
    return tabArchive(portal, { ...help, slug: file.replace(/\.zip$/, '') }).headers['content-disposition'];
  };

  it('a plain ASCII name is quoted as it is', () => {
    expect(attachment('help.zip')).toBe('attachment; filename="help.zip"');
  });

  it('quotes and non-ASCII get an ASCII fallback and an RFC 5987 filename*', () => {
    expect(attachment('hilfe-über "x".zip')).toBe(
      `attachment; filename="hilfe-_ber _x_.zip"; filename*=UTF-8''hilfe-%C3%BCber%20%22x%22.zip`,
    );
  });
});
