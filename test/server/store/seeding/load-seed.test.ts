import { describe, expect, it } from 'vitest';
import { demoSeed } from '../../../../src/server/store/seeding/demo-seed.js';
import { formatPath, loadSeed, SeedError } from '../../../../src/server/store/seeding/load-seed.js';
import { slugify } from '../../../../src/seed-file/derived-fields.js';
import type { SeedFile } from '../../../../src/seed-file/seed-file.js';
import { ANN, BOB, fixtureSeed } from '../../../support/fixture-seed.js';

const NOW = new Date('2026-06-01T00:00:00Z');

/** The problems loadSeed reports, or [] when it loads. */
function problemsOf(seed: unknown): string[] {
  try {
    loadSeed(seed, NOW);
    return [];
  } catch (err) {
    if (err instanceof SeedError) return err.problems;
    throw err;
  }
}

/** The fixture with one change made to its first portal. */
function fixtureWith(change: (p: SeedFile['portals'][number], seed: SeedFile) => void): SeedFile {
  const seed = fixtureSeed();
  change(seed.portals[0], seed);
  return seed;
}

const minimalPortal = (host: string, token: string) => ({ hosts: [host], title: host, api_keys: [{ token }] });

describe('seed validation names the exact path of every problem', () => {
  it('the fixture and the demo seed load without problems', () => {
    expect(problemsOf(fixtureSeed())).toEqual([]);
    expect(problemsOf(demoSeed())).toEqual([]);
  });

  it('formats zod paths as portals[0].posts[3].author_id', () => {
    expect(formatPath(['portals', 0, 'posts', 3, 'author_id'])).toBe('portals[0].posts[3].author_id');
    expect(formatPath([])).toBe('(root)');
  });

  it('an unknown post author is "portals[0].posts[3].author_id: unknown user"', () => {
    const seed = fixtureWith((p) => {
      p.posts![3].author_id = 'nobody';
    });
    expect(problemsOf(seed)).toEqual(['portals[0].posts[3].author_id: unknown user']);
  });

  it('every problem is reported together, not only the first', () => {
    const seed = fixtureWith((p) => {
      p.posts![0].author_id = 'nobody';
      p.comments![0].user_id = 'nobody';
    });
    expect(problemsOf(seed)).toEqual([
      'portals[0].posts[0].author_id: unknown user',
      'portals[0].comments[0].user_id: unknown user',
    ]);
    expect(() => loadSeed(seed)).toThrow(/invalid seed:\n {2}portals\[0\]\.posts\[0\]\.author_id: unknown user\n/);
  });

  it('structural problems name their path: missing title, no hosts, no keys, bad timestamps', () => {
    const problems = problemsOf({
      portals: [
        { hosts: [], title: 7, api_keys: [], posts: [{ key: 'a', title: 't', author_id: ANN, created_at: 'soon' }] },
      ],
    });
    expect(problems).toEqual([
      'portals[0].hosts: needs at least one host',
      'portals[0].title: Invalid input: expected string, received number',
      'portals[0].api_keys: needs at least one API key',
      'portals[0].posts[0].created_at: must be an ISO 8601 timestamp',
    ]);
    expect(problemsOf({ portals: [] })).toEqual(['portals: needs at least one portal']);
    expect(problemsOf(null)).toEqual(['(root): Invalid input: expected object, received null']);
  });

  it('hosts must be unique across portals (compared without case)', () => {
    const seed = fixtureWith((_p, s) => {
      s.portals[1].hosts = ['other.localhost', 'TEST.localhost'];
    });
    expect(problemsOf(seed)).toEqual(['portals[1].hosts[1]: host "TEST.localhost" is already used by portals[0]']);
  });

  it('API key tokens must be unique across portals', () => {
    const seed = fixtureWith((_p, s) => {
      s.portals[1].api_keys.push({ token: 'test-readonly' });
    });
    expect(problemsOf(seed)).toEqual(['portals[1].api_keys[1].token: token is already used by portals[0]']);
  });

  it('at most one portal is the default', () => {
    const seed = fixtureWith((_p, s) => {
      s.portals[1].default = true;
    });
    expect(problemsOf(seed)).toEqual(['portals[1].default: only one portal can be the default']);
  });

  it('D-SEED-PORTAL-IDS portal ids must be unique; portals without one count on past the highest given', () => {
    const dup: SeedFile = {
      portals: [
        { ...minimalPortal('a.localhost', 'a'), id: 2 },
        { ...minimalPortal('b.localhost', 'b'), id: 2 },
      ],
    };
    expect(problemsOf(dup)).toEqual(['portals[1].id: duplicate id 2']);
    const mixed = loadSeed(
      { portals: [minimalPortal('a.localhost', 'a'), { ...minimalPortal('b.localhost', 'b'), id: 1 }] },
      NOW,
    );
    expect(mixed.portals.map((p) => p.id)).toEqual([2, 1]);
  });

  it('category names follow the API rules: 2-60 characters, unique per portal', () => {
    const seed = fixtureWith((p) => {
      p.categories!.push({ name: 'x' }, { name: 'y'.repeat(61) }, { name: 'Mobile' }, { name: 'z'.repeat(60) });
    });
    expect(problemsOf(seed)).toEqual([
      'portals[0].categories[3].name: must be 2-60 characters',
      'portals[0].categories[4].name: must be 2-60 characters',
    ]);
    const dup = fixtureWith((p) => {
      p.categories!.push({ name: 'Mobile' }, { name: 'mobile' });
    });
    expect(problemsOf(dup)).toEqual(['portals[0].categories[3].name: duplicate name "Mobile"']);
  });

  it('group names follow the API rules: 2-60 characters, unique per portal', () => {
    const seed = fixtureWith((p) => {
      p.groups!.push({ name: 'g' }, { name: 'Beta testers' }, { name: 'beta testers' });
    });
    expect(problemsOf(seed)).toEqual(['portals[0].groups[2].name: must be 2-60 characters']);
    const dup = fixtureWith((p) => {
      p.groups!.push({ name: 'Beta testers' });
    });
    expect(problemsOf(dup)).toEqual(['portals[0].groups[2].name: duplicate name "Beta testers"']);
  });

  it('the same category or group name at two portals is allowed', () => {
    const seed = fixtureWith((_p, s) => {
      s.portals[1].categories = [{ name: 'Mobile' }];
      s.portals[1].groups = [{ name: 'Beta testers' }];
    });
    expect(problemsOf(seed)).toEqual([]);
  });

  it('D-SEED-REFERENCE-IDS duplicate ids are reported for users, posts, comments, tabs, sections, statuses, tags, groups, feedback and references', () => {
    const seed = fixtureWith((p) => {
      p.users!.push({ id: BOB, name: 'Bob again' });
      p.posts!.push({ key: 'dark1', title: 'Again', author_id: ANN });
      p.comments!.push({ id: 100, post_key: 'dark1', user_id: ANN, comment: 'again' });
      p.tabs!.push({ id: 1, slug: 'other', name: 'Again' });
      p.sections!.push({ id: 10, tab_id: 3, slug: 'again', name: 'Again' });
      p.statuses!.push({ id: 1, name: 'Again' });
      p.tags!.push({ id: 't-bug', name: 'again' });
      p.groups!.push({ id: p.groups![0].id, name: 'Another group' });
      p.feedback!.push({ id: 'fb-1', type: 'idea', feedback: 'again' });
      p.references = [
        {
          id: 1,
          post_key: 'dark1',
          reference: 'r',
          created_at: '2026-01-01T00:00:00Z',
          updated_at: '2026-01-01T00:00:00Z',
        },
        {
          id: 1,
          post_key: 'dark1',
          reference: 'r',
          created_at: '2026-01-01T00:00:00Z',
          updated_at: '2026-01-01T00:00:00Z',
        },
      ];
    });
    expect(problemsOf(seed)).toEqual([
      'portals[0].users[3].id: duplicate id "22222222-2222-4222-8222-222222222222"',
      'portals[0].tabs[3].id: duplicate id 1',
      'portals[0].sections[3].id: duplicate id 10',
      'portals[0].statuses[2].id: duplicate id 1',
      'portals[0].tags[2].id: duplicate id "t-bug"',
      'portals[0].groups[2].id: duplicate id "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa"',
      'portals[0].posts[5].key: duplicate key "dark1"',
      'portals[0].comments[6].id: duplicate id 100',
      'portals[0].feedback[2].id: duplicate id "fb-1"',
      'portals[0].references[1].id: duplicate id 1',
    ]);
  });

  describe('unknown references, one per kind the seed-file contract lists', () => {
    const cases: Array<[string, (p: SeedFile['portals'][number]) => void, string]> = [
      ['post author_id', (p) => void (p.posts![0].author_id = 'nobody'), 'portals[0].posts[0].author_id: unknown user'],
      ['post tab_id', (p) => void (p.posts![0].tab_id = 99), 'portals[0].posts[0].tab_id: unknown tab'],
      ['post section_id', (p) => void (p.posts![0].section_id = 99), 'portals[0].posts[0].section_id: unknown section'],
      ['post status_id', (p) => void (p.posts![0].status_id = 99), 'portals[0].posts[0].status_id: unknown status'],
      [
        'post category_ids',
        (p) => void (p.posts![1].category_ids = [1, 99]),
        'portals[0].posts[1].category_ids[1]: unknown category',
      ],
      ['post tag_ids', (p) => void (p.posts![0].tag_ids = ['t-none']), 'portals[0].posts[0].tag_ids[0]: unknown tag'],
      ['section tab_id', (p) => void (p.sections![0].tab_id = 99), 'portals[0].sections[0].tab_id: unknown tab'],
      [
        'section parent_id',
        (p) => void (p.sections![1].parent_id = 99),
        'portals[0].sections[1].parent_id: unknown section',
      ],
      ['status tab_id', (p) => void (p.statuses![1].tab_id = 99), 'portals[0].statuses[1].tab_id: unknown tab'],
      [
        'D-WIDGETS widget tab_id',
        (p) => void (p.widgets = [{ id: 'w-1', name: 'Button', tab_id: 99 }]),
        'portals[0].widgets[0].tab_id: unknown tab',
      ],
      [
        'D-WIDGETS widget id repeated in another case',
        (p) =>
          void (p.widgets = [
            { id: 'W-1', name: 'Button' },
            { id: 'w-1', name: 'Popup' },
          ]),
        'portals[0].widgets[1].id: duplicate id "w-1"',
      ],
      [
        'comment post_key',
        (p) => void (p.comments![4].post_key = 'nope1'),
        'portals[0].comments[4].post_key: unknown post',
      ],
      [
        'comment user_id',
        (p) => void (p.comments![0].user_id = 'nobody'),
        'portals[0].comments[0].user_id: unknown user',
      ],
      [
        'comment parent_id',
        (p) => void (p.comments![1].parent_id = 999),
        'portals[0].comments[1].parent_id: unknown comment',
      ],
      [
        'comment parent_id on another post',
        (p) => void (p.comments![4].parent_id = 100),
        'portals[0].comments[4].parent_id: parent comment belongs to another post',
      ],
      [
        'group user_ids',
        (p) => void (p.groups![0].user_ids = [BOB, 'nobody']),
        'portals[0].groups[0].user_ids[1]: unknown user',
      ],
      [
        'feedback user_id',
        (p) => void (p.feedback![1].user_id = 'nobody'),
        'portals[0].feedback[1].user_id: unknown user',
      ],
      [
        'reference post_key',
        (p) =>
          void (p.references = [
            {
              id: 1,
              post_key: 'nope1',
              reference: 'r',
              created_at: '2026-01-01T00:00:00Z',
              updated_at: '2026-01-01T00:00:00Z',
            },
          ]),
        'portals[0].references[0].post_key: unknown post',
      ],
      [
        'anonymous vote post_key',
        (p) =>
          void (p.anonymous_votes = [{ post_key: 'nope1', anonymous_id: 'abc', created_at: '2026-01-01T00:00:00Z' }]),
        'portals[0].anonymous_votes[0].post_key: unknown post',
      ],
    ];
    for (const [kind, change, problem] of cases) {
      it(`an unknown ${kind} is reported at its path`, () => {
        expect(problemsOf(fixtureWith(change))).toEqual([problem]);
      });
    }

    it('references resolve within their own portal only', () => {
      const seed = fixtureWith((_p, s) => {
        s.portals[1].posts = [{ key: 'x1', title: 'Elsewhere', author_id: ANN }];
      });
      expect(problemsOf(seed)).toEqual(['portals[1].posts[0].author_id: unknown user']);
    });
  });
});

describe('seed defaults', () => {
  const sparse: SeedFile = {
    portals: [
      {
        hosts: ['Sparse.Localhost'],
        title: 'Sparse',
        api_keys: [{ token: 'k' }],
        users: [
          { id: 'u1', name: 'One' },
          { id: 'u2', name: 'Two', database_id: 5 },
          { id: 'u3', name: 'Three' },
        ],
        tabs: [{ id: 1, slug: 'b', name: 'Board' }],
        categories: [{ name: 'First' }, { name: 'Second', id: 7 }, { name: 'Third' }],
        groups: [{ name: 'Group' }],
        posts: [
          { key: 'p1', title: 'Hello World!', author_id: 'u1', tab_id: 1 },
          { key: 'p2', title: 'Two', author_id: 'u2' },
        ],
        comments: [
          { post_key: 'p1', user_id: 'u2', comment: 'first' },
          { id: 10, post_key: 'p1', user_id: 'u1', comment: 'x' },
          { post_key: 'p1', user_id: 'u1', comment: 'y' },
        ],
        feedback: [
          { type: 'idea', feedback: 'a' },
          { id: 'fb-2', type: 'bug', feedback: 'b' },
          { type: 'idea', feedback: 'c' },
        ],
      },
    ],
  };
  const state = loadSeed(sparse, NOW);
  const portal = state.portals[0];
  const stamp = NOW.toISOString();

  it('portal defaults: id from 1, a UUID guid, lowercased hosts, the only portal is the default, markdown, en', () => {
    expect(state.format).toBe(1);
    expect(portal).toMatchObject({
      id: 1,
      hosts: ['sparse.localhost'],
      default: true,
      localization: 'en',
      editor_type: 'markdown',
      moderate_comments: false,
    });
    expect(portal.guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(portal.api_keys).toEqual([{ token: 'k', read_only: false, expires_at: null }]);
  });

  it('without a portal marked default, the first portal is the default', () => {
    const two = loadSeed({ portals: [minimalPortal('a.localhost', 'a'), minimalPortal('b.localhost', 'b')] }, NOW);
    expect(two.portals.map((p) => [p.id, p.default])).toEqual([
      [1, true],
      [2, false],
    ]);
  });

  it('user defaults: database ids count on from the highest given, member role, empty email, created now', () => {
    expect(portal.users.map((u) => [u.database_id, u.role, u.email, u.created_at])).toEqual([
      [6, 'member', '', stamp],
      [5, 'member', '', stamp],
      [7, 'member', '', stamp],
    ]);
  });

  it('category defaults: ids counting from 1 (past given ids), palette colours, sort order by position', () => {
    expect(portal.categories.map((c) => [c.id, c.color, c.sort_order, c.locked])).toEqual([
      [8, '#3b82f6', 1, false],
      [7, '#10b981', 2, false],
      [9, '#f59e0b', 3, false],
    ]);
    const fresh = loadSeed(
      { portals: [{ ...minimalPortal('a.localhost', 'a'), categories: [{ name: 'One' }, { name: 'Two' }] }] },
      NOW,
    );
    expect(fresh.portals[0].categories.map((c) => c.id)).toEqual([1, 2]);
  });

  it('group defaults: a UUID id, null description, no members, timestamps now', () => {
    expect(portal.groups[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Group',
      description: null,
      user_ids: [],
      created_at: stamp,
      updated_at: stamp,
    });
  });

  it('post defaults: database ids from 1, approved, a slug from the title, zero counters, timestamps now', () => {
    expect(portal.posts[0]).toMatchObject({
      database_id: 1,
      moderation_status: 'approved',
      slug: 'hello-world',
      votes_count: 0,
      views_count: 0,
      description: '',
      category_ids: [],
      tag_ids: [],
      created_at: stamp,
      updated_at: stamp,
      latest_status_change_at: stamp,
      moderated_by: null,
    });
    expect(portal.posts[1]).toMatchObject({ database_id: 2, tab_id: null, status_id: null });
  });

  it('comment defaults: ids count on past the highest given, approved, not pinned, not tagged', () => {
    expect(portal.comments.map((c) => c.id)).toEqual([11, 10, 12]);
    expect(portal.comments[0]).toMatchObject({
      moderation_status: 'approved',
      pinned_to_top: false,
      tagged_for_changelog: false,
      parent_id: null,
      votes_count: 0,
      created_at: stamp,
      updated_at: stamp,
    });
  });

  it('feedback defaults: fb-<n> ids that skip ids already given, anonymous author, timestamps now', () => {
    expect(portal.feedback.map((f) => f.id)).toEqual(['fb-1', 'fb-2', 'fb-3']);
    expect(portal.feedback[0]).toMatchObject({
      user_id: null,
      source: null,
      widget_id: null,
      created_at: stamp,
      updated_at: stamp,
    });
  });

  it('updated_at defaults to created_at when only created_at is given', () => {
    const fixture = loadSeed(fixtureSeed(), NOW).portals[0];
    expect(fixture.posts[0].updated_at).toBe('2026-02-01T00:00:00Z');
    expect(fixture.groups[0].updated_at).toBe('2026-01-05T00:00:00Z');
  });

  it('a loaded state loads again to the same state (a data file is a seed)', () => {
    const first = loadSeed(fixtureSeed(), NOW);
    const again = loadSeed(JSON.parse(JSON.stringify(first)), new Date('2030-01-01T00:00:00Z'));
    expect(again).toEqual(first);
  });
});

describe('the demo seed', () => {
  it('loads through loadSeed without problems, with its two portals', () => {
    const state = loadSeed(demoSeed(), NOW);
    expect(state.portals.map((p) => [p.id, p.title, p.default])).toEqual([
      [1, 'Acme Feedback', true],
      [2, 'Beta Labs', false],
    ]);
    expect(state.portals[0].groups).toHaveLength(3);
  });
});

describe('slugify', () => {
  const byDecomposition = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'item';

  it('gives every title the slug of its decomposition, accents taken off, ASCII or not', () => {
    const titles = [
      'Dark mode',
      '  --Hello, World!--  ',
      'Café crème',
      'ﬁle ﬂow',
      'Ｆｕｌｌ width',
      'naïve résumé',
      'x'.repeat(90),
      '',
      '!!!',
      'Ünïcödé\u0000\u007f',
      'Straße',
      '東京 roadmap',
    ];
    for (let c = 0; c < 0x250; c++) titles.push(`a${String.fromCharCode(c)}b`);
    expect(titles.filter((t) => slugify(t) !== byDecomposition(t))).toEqual([]);
  });
});

describe('the seed extensions (D-WIDGETS, D-PRODUCT-VISION, D-USER-FILTERS)', () => {
  it("fills a widget's type and times and the vision's id and times; a user's plan and segments are kept", () => {
    const seed = fixtureWith((p) => {
      p.widgets = [{ id: 'w-1', name: 'Button', tab_id: 1 }];
      p.product_vision = { content: 'Where we go.' };
      p.users![1] = { ...p.users![1], plan: 'Team', segments: { company: 'Acme', mrr: 99 } };
    });
    const portal = loadSeed(seed, NOW).portals[0];
    const at = NOW.toISOString();
    expect(portal.widgets).toEqual([
      { id: 'w-1', name: 'Button', type: 'feedback', tab_id: 1, created_at: at, updated_at: at },
    ]);
    expect(portal.product_vision).toEqual({
      id: 1,
      title: '',
      content: 'Where we go.',
      created_at: at,
      updated_at: at,
    });
    expect(portal.users[1]).toMatchObject({ plan: 'Team', segments: { company: 'Acme', mrr: 99 } });
    expect(loadSeed(fixtureSeed(), NOW).portals[0]).toMatchObject({ widgets: [], product_vision: null });
  });
});
