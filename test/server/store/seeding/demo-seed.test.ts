import { describe, expect, it } from 'vitest';
import { demoSeed } from '../../../../src/server/store/seeding/demo-seed.js';

type DemoPortal = ReturnType<typeof demoSeed>['portals'][number];
type DemoPost = DemoPortal['posts'][number];

const seed = demoSeed();
const [acme, beta] = seed.portals;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TIMESTAMP_2026 = /^2026-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

function tabOf(portal: DemoPortal, slug: string) {
  const tab = portal.tabs.find((t) => t.slug === slug);
  if (!tab) throw new Error(`no tab ${slug}`);
  return tab;
}

function postsOnTab(portal: DemoPortal, slug: string): DemoPost[] {
  const id = tabOf(portal, slug).id;
  return portal.posts.filter((p) => p.tab_id === id);
}

function duplicates<T>(values: T[]): T[] {
  return values.filter((v, i) => values.indexOf(v) !== i);
}

const all = <T>(pick: (p: DemoPortal) => T[]): T[] => seed.portals.flatMap(pick);

describe('demoSeed determinism', () => {
  it('returns identical data on every call', () => {
    expect(demoSeed()).toEqual(demoSeed());
    expect(JSON.stringify(demoSeed())).toBe(JSON.stringify(seed));
  });

  it('returns independent objects, so a caller mutating one cannot change the next', () => {
    const first = demoSeed();
    first.portals[0].posts[0].title = 'changed';
    first.portals[0].hosts.push('changed.localhost');
    expect(demoSeed()).toEqual(seed);
  });

  it('is plain JSON: a JSON round trip changes nothing', () => {
    expect(JSON.parse(JSON.stringify(seed))).toEqual(seed);
  });
});

describe('demoSeed portals and API keys', () => {
  it('has exactly one default portal, Acme, answering on acme.localhost, 127.0.0.1 and localhost', () => {
    expect(seed.portals.filter((p) => p.default)).toHaveLength(1);
    expect(acme.default).toBe(true);
    expect(acme.hosts).toEqual(['acme.localhost', '127.0.0.1', 'localhost']);
    expect(acme.title).toBe('Acme Feedback');
    expect(acme.editor_type).toBe('markdown');
    expect(acme.moderate_comments).toBe(true);
  });

  it('has a second portal, Beta Labs, on its own loopback address with wysiwyg content', () => {
    expect(beta.hosts).toEqual(['beta.localhost', '127.0.0.2']);
    expect(beta.title).toBe('Beta Labs');
    expect(beta.editor_type).toBe('wysiwyg');
    expect(beta.api_keys.map((k) => k.token)).toEqual(['beta-admin']);
    expect(beta.users.length).toBeGreaterThanOrEqual(3);
    expect(beta.posts.length).toBeGreaterThanOrEqual(3);
    for (const p of beta.posts) expect(p.description).toMatch(/^<p>/);
  });

  it('keeps hosts and tokens unique across portals', () => {
    expect(duplicates(all((p) => p.hosts))).toEqual([]);
    expect(duplicates(all((p) => p.api_keys.map((k) => k.token)))).toEqual([]);
  });

  it('gives Acme a read-write, a read-only and an expired key', () => {
    const byToken = new Map(acme.api_keys.map((k) => [k.token, k]));
    expect(byToken.get('acme-admin')).toEqual({ token: 'acme-admin', read_only: false, expires_at: null });
    expect(byToken.get('acme-readonly')?.read_only).toBe(true);
    const expired = byToken.get('acme-expired');
    expect(expired?.expires_at).toMatch(/^2025-/);
    expect(Date.parse(expired!.expires_at!)).toBeLessThan(Date.parse('2026-01-01T00:00:00Z'));
  });

  it('gives every portal a UUID guid', () => {
    for (const p of seed.portals) expect(p.guid).toMatch(UUID);
    expect(acme.guid).not.toBe(beta.guid);
  });
});

describe('demoSeed ids are unique', () => {
  it('UUIDs of users and groups are unique across portals', () => {
    const ids = [...all((p) => p.users.map((u) => u.id)), ...all((p) => p.groups.map((g) => g.id))];
    for (const id of ids) expect(id).toMatch(UUID);
    expect(duplicates(ids)).toEqual([]);
  });

  it('integer ids are unique per kind across portals, like auto-increment ids of one database', () => {
    for (const pick of [
      (p: DemoPortal) => p.users.map((u) => u.database_id),
      (p: DemoPortal) => p.posts.map((x) => x.database_id),
      (p: DemoPortal) => p.comments.map((c) => c.id),
      (p: DemoPortal) => p.tabs.map((t) => t.id),
      (p: DemoPortal) => p.sections.map((s) => s.id),
      (p: DemoPortal) => p.statuses.map((s) => s.id),
      (p: DemoPortal) => p.categories.map((c) => c.id),
    ]) {
      const ids = all(pick);
      for (const id of ids) expect(Number.isSafeInteger(id) && id > 0).toBe(true);
      expect(duplicates(ids)).toEqual([]);
    }
  });

  it('Acme users and posts count database_id from 1 without gaps', () => {
    expect(acme.users.map((u) => u.database_id)).toEqual(acme.users.map((_, i) => i + 1));
    expect(acme.posts.map((p) => p.database_id)).toEqual(acme.posts.map((_, i) => i + 1));
  });

  it('post keys are short lowercase strings, unique across portals', () => {
    const keys = all((p) => p.posts.map((x) => x.key));
    for (const k of keys) expect(k).toMatch(/^[a-z2-9]{5}$/);
    expect(duplicates(keys)).toEqual([]);
  });

  it('tag ids, feedback ids, tab slugs and user emails are unique', () => {
    expect(duplicates(all((p) => p.tags.map((t) => t.id)))).toEqual([]);
    expect(duplicates(all((p) => p.feedback.map((f) => f.id)))).toEqual([]);
    expect(duplicates(all((p) => p.users.map((u) => u.email)))).toEqual([]);
    for (const p of seed.portals) expect(duplicates(p.tabs.map((t) => t.slug))).toEqual([]);
  });
});

describe('demoSeed references resolve within their portal', () => {
  for (const portal of seed.portals) {
    const users = new Set(portal.users.map((u) => u.id));
    const tabs = new Map(portal.tabs.map((t) => [t.id, t]));
    const sections = new Map(portal.sections.map((s) => [s.id, s]));
    const statuses = new Map(portal.statuses.map((s) => [s.id, s]));
    const categories = new Set(portal.categories.map((c) => c.id));
    const tags = new Set(portal.tags.map((t) => t.id));
    const posts = new Map(portal.posts.map((p) => [p.key, p]));
    const comments = new Map(portal.comments.map((c) => [c.id, c]));

    it(`${portal.title}: post author_id, tab_id, section_id, status_id, category_ids and tag_ids exist`, () => {
      for (const p of portal.posts) {
        expect(users.has(p.author_id), `${p.key} author`).toBe(true);
        expect(tabs.has(p.tab_id), `${p.key} tab`).toBe(true);
        if (p.section_id !== null) expect(sections.get(p.section_id)?.tab_id, `${p.key} section`).toBe(p.tab_id);
        if (p.status_id !== null) expect(statuses.has(p.status_id), `${p.key} status`).toBe(true);
        for (const c of p.category_ids) expect(categories.has(c), `${p.key} category ${c}`).toBe(true);
        for (const t of p.tag_ids) expect(tags.has(t), `${p.key} tag ${t}`).toBe(true);
      }
    });

    it(`${portal.title}: a post's status belongs to the post's own tab`, () => {
      for (const p of portal.posts) {
        if (p.status_id !== null) expect(statuses.get(p.status_id)?.tab_id, p.key).toBe(p.tab_id);
      }
    });

    it(`${portal.title}: section tab_id and parent_id exist, parents on the same tab`, () => {
      for (const s of portal.sections) {
        expect(tabs.get(s.tab_id)?.type).toBe('knowledge_base');
        if (s.parent_id !== null) expect(sections.get(s.parent_id)?.tab_id).toBe(s.tab_id);
      }
    });

    it(`${portal.title}: status tab_id exists`, () => {
      for (const s of portal.statuses) expect(tabs.has(s.tab_id)).toBe(true);
    });

    it(`${portal.title}: comment post_key, user_id and parent_id exist; replies sit on the parent's post`, () => {
      for (const c of portal.comments) {
        expect(posts.has(c.post_key), `comment ${c.id} post`).toBe(true);
        expect(users.has(c.user_id), `comment ${c.id} user`).toBe(true);
        if (c.parent_id !== null) {
          const parent = comments.get(c.parent_id);
          expect(parent, `comment ${c.id} parent`).toBeDefined();
          expect(parent!.post_key).toBe(c.post_key);
          expect(parent!.parent_id === null || comments.has(parent!.parent_id)).toBe(true);
        }
      }
    });

    it(`${portal.title}: group user_ids and feedback user_id exist`, () => {
      for (const g of portal.groups) for (const u of g.user_ids) expect(users.has(u)).toBe(true);
      for (const f of portal.feedback) expect(users.has(f.user_id)).toBe(true);
    });
  }
});

describe('demoSeed names follow the API rules', () => {
  for (const portal of seed.portals) {
    it(`${portal.title}: category and group names are 2-60 characters and unique`, () => {
      for (const names of [portal.categories.map((c) => c.name), portal.groups.map((g) => g.name)]) {
        for (const n of names) expect([...n].length >= 2 && [...n].length <= 60, n).toBe(true);
        expect(duplicates(names)).toEqual([]);
      }
    });

    it(`${portal.title}: status, tag and tab names are unique`, () => {
      expect(duplicates(portal.statuses.map((s) => s.name))).toEqual([]);
      expect(duplicates(portal.tags.map((t) => t.name))).toEqual([]);
      expect(duplicates(portal.tabs.map((t) => t.name))).toEqual([]);
    });

    it(`${portal.title}: colours are #RRGGBB and category colours are distinct`, () => {
      for (const c of [...portal.categories, ...portal.statuses]) expect(c.color).toMatch(/^#[0-9a-fA-F]{6}$/);
      expect(duplicates(portal.categories.map((c) => c.color))).toEqual([]);
    });

    it(`${portal.title}: category sort_order counts from 1`, () => {
      expect(portal.categories.map((c) => c.sort_order)).toEqual(portal.categories.map((_, i) => i + 1));
    });

    it(`${portal.title}: comments are 3-6000 characters`, () => {
      for (const c of portal.comments) expect([...c.comment].length >= 3 && [...c.comment].length <= 6000).toBe(true);
    });
  }
});

describe('demoSeed timestamps', () => {
  it('every created_at is a fixed UTC timestamp in 2026', () => {
    const stamps = [
      ...all((p) => p.posts.map((x) => x.created_at)),
      ...all((p) => p.comments.map((c) => c.created_at)),
      ...all((p) => p.feedback.map((f) => f.created_at)),
    ];
    for (const s of stamps) {
      expect(s).toMatch(TIMESTAMP_2026);
      expect(new Date(s).toISOString().replace('.000', '')).toBe(s);
    }
  });

  it('comments come after their post, replies after their parent', () => {
    for (const portal of seed.portals) {
      const posts = new Map(portal.posts.map((p) => [p.key, p]));
      const comments = new Map(portal.comments.map((c) => [c.id, c]));
      for (const c of portal.comments) {
        expect(c.created_at > posts.get(c.post_key)!.created_at, `comment ${c.id}`).toBe(true);
        if (c.parent_id !== null)
          expect(c.created_at > comments.get(c.parent_id)!.created_at, `reply ${c.id}`).toBe(true);
      }
    }
  });

  it('posts are spread over at least five months', () => {
    const months = new Set(acme.posts.map((p) => p.created_at.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(5);
  });
});

describe('demoSeed Acme content', () => {
  it('has about 12 users with admin, moderator and member roles and @acme.test emails', () => {
    expect(acme.users.length).toBeGreaterThanOrEqual(10);
    expect(acme.users.length).toBeLessThanOrEqual(14);
    expect(new Set(acme.users.map((u) => u.role))).toEqual(new Set(['admin', 'moderator', 'member']));
    for (const u of acme.users) expect(u.email).toMatch(/^[a-z.]+@acme\.test$/);
  });

  it('has the feedback, roadmap, changelog and help tabs with their types', () => {
    expect(acme.tabs.map((t) => [t.slug, t.type])).toEqual([
      ['feedback', 'board'],
      ['roadmap', 'roadmap'],
      ['changelog', 'changelog'],
      ['help', 'knowledge_base'],
    ]);
  });

  it('has the statuses Under review, Planned, In progress and Done', () => {
    const names = acme.statuses.map((s) => s.name);
    for (const n of ['Under review', 'Planned', 'In progress', 'Done']) expect(names).toContain(n);
  });

  it('has the tags bug, ux, performance and billing, and about six categories', () => {
    const tags = acme.tags.map((t) => t.name);
    for (const n of ['bug', 'ux', 'performance', 'billing']) expect(tags).toContain(n);
    expect(acme.categories.length).toBeGreaterThanOrEqual(5);
    expect(acme.categories.length).toBeLessThanOrEqual(8);
  });

  it('has three groups, one of them empty', () => {
    expect(acme.groups).toHaveLength(3);
    expect(acme.groups.filter((g) => g.user_ids.length === 0)).toHaveLength(1);
    for (const g of acme.groups) expect(duplicates(g.user_ids)).toEqual([]);
  });

  it('has about 50 posts on the feedback, roadmap and changelog tabs', () => {
    const board =
      postsOnTab(acme, 'feedback').length + postsOnTab(acme, 'roadmap').length + postsOnTab(acme, 'changelog').length;
    expect(board).toBeGreaterThanOrEqual(45);
    expect(board).toBeLessThanOrEqual(55);
    expect(postsOnTab(acme, 'roadmap').length).toBeGreaterThanOrEqual(5);
    expect(postsOnTab(acme, 'changelog').length).toBeGreaterThanOrEqual(5);
  });

  it('has about five pending and two rejected posts', () => {
    const pending = acme.posts.filter((p) => p.moderation_status === 'pending').length;
    expect(pending).toBeGreaterThanOrEqual(4);
    expect(pending).toBeLessThanOrEqual(6);
    expect(acme.posts.filter((p) => p.moderation_status === 'rejected')).toHaveLength(2);
  });

  it('varies posts by platform, category, tag, version and release', () => {
    const platforms = new Set(acme.posts.map((p) => p.platform).filter((p) => p !== null));
    for (const p of ['web', 'windows', 'macos', 'ios', 'android', 'api']) expect(platforms.has(p), p).toBe(true);
    expect(acme.posts.filter((p) => p.version !== null).length).toBeGreaterThanOrEqual(5);
    expect(acme.posts.filter((p) => p.release !== null).length).toBeGreaterThanOrEqual(5);
    expect(acme.posts.filter((p) => p.category_ids.length > 1).length).toBeGreaterThanOrEqual(2);
    expect(acme.posts.filter((p) => p.votes_count > 0).length).toBeGreaterThanOrEqual(30);
    expect(new Set(acme.posts.map((p) => p.title)).size).toBe(acme.posts.length);
  });

  it('has about 30 comments: replies, one pinned, about five pending and one rejected', () => {
    expect(acme.comments.length).toBeGreaterThanOrEqual(25);
    expect(acme.comments.length).toBeLessThanOrEqual(35);
    expect(acme.comments.filter((c) => c.parent_id !== null).length).toBeGreaterThanOrEqual(5);
    expect(acme.comments.filter((c) => c.pinned_to_top)).toHaveLength(1);
    const pending = acme.comments.filter((c) => c.moderation_status === 'pending').length;
    expect(pending).toBeGreaterThanOrEqual(4);
    expect(pending).toBeLessThanOrEqual(6);
    expect(acme.comments.filter((c) => c.moderation_status === 'rejected')).toHaveLength(1);
  });

  it('tags exactly one comment for the changelog, on a changelog post, at most one per post', () => {
    const changelogKeys = new Set(postsOnTab(acme, 'changelog').map((p) => p.key));
    const tagged = acme.comments.filter((c) => c.tagged_for_changelog);
    expect(tagged).toHaveLength(1);
    expect(changelogKeys.has(tagged[0].post_key)).toBe(true);
    for (const portal of seed.portals) {
      const perPost = portal.comments.filter((c) => c.tagged_for_changelog).map((c) => c.post_key);
      expect(duplicates(perPost)).toEqual([]);
    }
  });

  it('only comments on approved posts and only replies to approved comments', () => {
    for (const portal of seed.portals) {
      const posts = new Map(portal.posts.map((p) => [p.key, p]));
      const comments = new Map(portal.comments.map((c) => [c.id, c]));
      for (const c of portal.comments) {
        expect(posts.get(c.post_key)!.moderation_status).toBe('approved');
        if (c.parent_id !== null) expect(comments.get(c.parent_id)!.moderation_status).toBe('approved');
      }
    }
  });

  it('has about ten feedback entries of types idea, bug, praise and question', () => {
    expect(acme.feedback.length).toBeGreaterThanOrEqual(8);
    expect(acme.feedback.length).toBeLessThanOrEqual(12);
    expect(new Set(acme.feedback.map((f) => f.type))).toEqual(new Set(['idea', 'bug', 'praise', 'question']));
    expect(new Set(acme.feedback.map((f) => f.created_at.slice(0, 7))).size).toBeGreaterThanOrEqual(4);
  });
});

describe('demoSeed knowledge base', () => {
  const help = tabOf(acme, 'help');
  const articles = postsOnTab(acme, 'help');
  const sections = acme.sections.filter((s) => s.tab_id === help.id);
  const slugify = (t: string) =>
    t
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');

  it('nests sections: Getting started, Features > Dashboards, Features > Integrations, Billing', () => {
    const byId = new Map(sections.map((s) => [s.id, s]));
    const paths = sections.map((s) => (s.parent_id === null ? s.slug : `${byId.get(s.parent_id)!.slug}/${s.slug}`));
    expect(paths).toEqual(['getting-started', 'features', 'features/dashboards', 'features/integrations', 'billing']);
    for (const s of sections) {
      expect(s.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(s.description.length).toBeGreaterThan(0);
    }
  });

  it('has about ten articles, each in a section of the help tab, without status or board metadata', () => {
    expect(articles.length).toBeGreaterThanOrEqual(9);
    expect(articles.length).toBeLessThanOrEqual(12);
    for (const a of articles) {
      expect(
        sections.some((s) => s.id === a.section_id),
        a.title,
      ).toBe(true);
      expect(a.status_id).toBeNull();
      expect(a.moderation_status).toBe('approved');
    }
    expect(new Set(articles.map((a) => a.section_id)).size).toBe(sections.length);
  });

  it('gives articles slug-friendly titles that slugify uniquely', () => {
    for (const a of articles) expect(a.title).toMatch(/^[A-Z][A-Za-z0-9 ]*[A-Za-z0-9]$/);
    expect(duplicates(articles.map((a) => slugify(a.title)))).toEqual([]);
  });

  it('D-LINK-OWN-PORTAL links articles to the pages of the portal itself (sections, articles, other tabs), with relative and mailto links', () => {
    const bodies = articles.map((a) => a.description).join('\n');
    expect(bodies).toContain('](https://acme.localhost/help/integrations/using-the-rest-api)');
    expect(bodies).toContain('](https://acme.localhost/help/billing)');
    expect(bodies).toContain('](https://acme.localhost/changelog)');
    expect(bodies).not.toMatch(/\]\(https?:\/\/(?!acme\.localhost\/)/);
    expect(bodies).toMatch(/\]\(mailto:[^)]+@acme\.test/);
    expect(bodies).toMatch(/\]\((?!https?:|mailto:)[^)]+\)/);
    for (const a of articles) expect(a.description, a.title).toMatch(/\]\(https?:\/\//);
  });
});
