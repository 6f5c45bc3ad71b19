import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_ORDER_BY, postSchemas } from '../../../src/contract/schemas/post.js';
import type { SeedFile } from '../../../src/seed-file/seed-file.js';
import { ANN, BOB, fixtureSeed, READONLY_KEY } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

const { PostListResponseSchema, PostMinimalSchema, PostSchema } = postSchemas();

/**
 * Listed by default (approved, not knowledge base), newest first:
 * notab (8), chg01 (7), and01 (6), sso22 (2), dark1 (1).
 */
function postsSeed(): SeedFile {
  const seed = fixtureSeed();
  const portal = seed.portals[0];
  portal.tabs!.push({ id: 4, slug: 'changelog', name: 'Changelog', type: 'changelog' });
  portal.posts!.push(
    {
      key: 'and01',
      database_id: 6,
      title: 'android widget',
      description: 'A home-screen widget.\n\n![shot](https://img.test/a.png)',
      author_id: ANN,
      tab_id: 1,
      status_id: 1,
      category_ids: [2],
      tag_ids: ['t-bug', 't-ux'],
      votes_count: 3,
      views_count: 20,
      platform: 'android',
      version: '2.0',
      release: '2026.2',
      created_at: '2026-02-06T00:00:00Z',
    },
    {
      key: 'chg01',
      database_id: 7,
      title: 'Released 2.0',
      author_id: ANN,
      tab_id: 4,
      created_at: '2026-02-07T00:00:00Z',
    },
    { key: 'notab', database_id: 8, title: 'Loose idea', author_id: BOB, created_at: '2026-02-08T00:00:00Z' },
  );
  portal.comments!.push({
    id: 106,
    post_key: 'and01',
    user_id: BOB,
    comment: 'Approved one',
    created_at: '2026-02-16T00:00:00Z',
  });
  portal.anonymous_votes = [
    { post_key: 'sso22', anonymous_id: 'a'.repeat(32), created_at: '2026-03-01T00:00:00Z' },
    { post_key: 'dark1', anonymous_id: 'b'.repeat(32), created_at: '2026-03-05T00:00:00Z' },
  ];
  portal.saved_queries = [
    {
      id: 1,
      name: 'Bugs, least voted first',
      query: { tag_id: 't-bug', order_by: 'votes_count', order_direction: 'asc' },
    },
    { id: 2, name: 'Web, with a stale order', query: { platform: 'web', order_by: 'no-such-order' } },
  ];
  return seed;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(postsSeed());
});
afterAll(() => server.close());

const invalid = (errors: Record<string, string[]>) => ({ message: 'The given data was invalid.', errors });
const list = (query = '') => server.request('GET', `/api/v1/posts${query ? `?${query}` : ''}`);
async function keys(query = ''): Promise<string[]> {
  const res = await list(query);
  expect(res.status).toBe(200);
  return res.body.data.map((p: { id: string }) => p.id);
}

describe('posts list: which posts are listed', () => {
  it('R-POSTS-LIMIT D-POSTS-DEFAULT-ORDER lists approved posts newest first by default (created_at desc), 10 a page', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { id: string }) => p.id)).toEqual(['notab', 'chg01', 'and01', 'sso22', 'dark1']);
    expect({ ...res.body, data: undefined }).toEqual({ data: undefined, hasMore: false, total: 5, skip: 0, limit: 10 });
    expect(PostListResponseSchema.safeParse(res.body).success).toBe(true);
  });

  it('D-POSTS-APPROVED-ONLY pending and rejected posts are hidden from the list', async () => {
    expect(await keys('tab=feedback')).toEqual(['and01', 'dark1']);
    expect(await keys('limit=100')).not.toContain('pend3');
    expect(await keys('limit=100')).not.toContain('rej44');
  });

  it('D-POSTS-KB-ARTICLES knowledge-base articles are listed only when the tab or section names them', async () => {
    expect(await keys()).not.toContain('kb001');
    expect(await keys('tab=help')).toEqual(['kb001']);
    expect(await keys('section=10')).toEqual(['kb001']);
    expect(await keys('section=getting-started')).toEqual(['kb001']);
  });

  it('a read-only key may list posts', async () => {
    const res = await server.request('GET', '/api/v1/posts', { token: READONLY_KEY });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(5);
  });
});

describe('posts list: filters', () => {
  it('D-POSTS-UNKNOWN-FILTER tab filters by board slug; an unknown slug lists nothing', async () => {
    expect(await keys('tab=feedback')).toEqual(['and01', 'dark1']);
    expect(await keys('tab=roadmap')).toEqual(['sso22']);
    expect(await keys('tab=changelog')).toEqual(['chg01']);
    const res = await list('tab=nope');
    expect(res.body).toEqual({ data: [], hasMore: false, total: 0, skip: 0, limit: 10 });
  });

  it('D-POSTS-UNKNOWN-FILTER category filters by category id; an unknown id lists nothing', async () => {
    expect(await keys('category=2')).toEqual(['and01', 'sso22']);
    expect(await keys('category=1')).toEqual(['sso22', 'dark1']);
    expect(await keys('category=999')).toEqual([]);
  });

  it('D-POSTS-QUERY-TYPES text filters given twice are refused as not a string', async () => {
    const res = await list('tab=feedback&tab=roadmap');
    expect(res.status).toBe(422);
    expect(res.body).toEqual(invalid({ tab: ['The tab field must be a string.'] }));
  });

  it('D-POSTS-QUERY-TYPES category must be an integer', async () => {
    const res = await list('category=abc');
    expect(res.status).toBe(422);
    expect(res.body).toEqual(invalid({ category: ['The category field must be an integer.'] }));
  });

  it('R-POSTS-FILTERS section filters by section id or slug; an unknown one lists nothing', async () => {
    expect(await keys('section=20')).toEqual(['dark1']);
    expect(await keys('section=ideas')).toEqual(['dark1']);
    expect(await keys('section=missing')).toEqual([]);
  });

  it('R-POSTS-FILTERS status takes one id or an array of ids (status=1&status=2, status[]=2)', async () => {
    expect(await keys('status=1')).toEqual(['and01', 'dark1']);
    expect(await keys('status=1&status=2')).toEqual(['and01', 'sso22', 'dark1']);
    expect(await keys('status[]=2')).toEqual(['sso22']);
    expect(await keys('status=99')).toEqual([]);
  });

  it('status ids must be integers', async () => {
    const res = await list('status=x');
    expect(res.status).toBe(422);
    expect(res.body).toEqual(invalid({ status: ['The status field must be an integer.'] }));
  });

  it('D-POSTS-PLATFORM platform filters by platform; a value outside the list is 422', async () => {
    expect(await keys('platform=ios')).toEqual(['sso22']);
    expect(await keys('platform=android')).toEqual(['and01']);
    expect(await keys('platform=playstation')).toEqual([]);
    const res = await list('platform=amiga');
    expect(res.status).toBe(422);
    expect(res.body).toEqual(invalid({ platform: ['The selected platform is invalid.'] }));
  });

  it('version and release filter by exact value', async () => {
    expect(await keys('version=1.0')).toEqual(['dark1']);
    expect(await keys('version=2.0')).toEqual(['and01']);
    expect(await keys('release=2026.2')).toEqual(['and01']);
    expect(await keys('release=2026.1')).toEqual(['dark1']);
    expect(await keys('version=9')).toEqual([]);
  });

  it('D-POSTS-FILTERS-COMBINE tag_id takes one id or many and matches posts with any of them', async () => {
    expect(await keys('tag_id=t-bug')).toEqual(['and01', 'sso22']);
    expect(await keys('tag_id=t-ux')).toEqual(['and01', 'dark1']);
    expect(await keys('tag_id[]=t-ux&tag_id[]=t-bug')).toEqual(['and01', 'sso22', 'dark1']);
    expect(await keys('tag_id=t-none')).toEqual([]);
  });

  it('R-POSTS-FILTERS D-POSTS-FILTERS-COMBINE filters combine: a post must match every filter given', async () => {
    expect(await keys('tab=feedback&status=1&tag_id=t-bug&platform=android')).toEqual(['and01']);
    expect(await keys('tab=roadmap&category=2')).toEqual(['sso22']);
    expect(await keys('tab=feedback&category=1&version=1.0&release=2026.1&section=ideas')).toEqual(['dark1']);
    expect(await keys('tab=roadmap&platform=web')).toEqual([]);
    expect(await keys('status[]=1&status[]=2&tag_id=t-ux&order_by=votes_count')).toEqual(['dark1', 'and01']);
  });
});

describe('posts list: limit, skip and hasMore', () => {
  it('R-POSTS-LIMIT limit is 1-100: 0 and 101 are refused with 422', async () => {
    for (const limit of [0, 101]) {
      const res = await list(`limit=${limit}`);
      expect(res.status).toBe(422);
      expect(res.body).toEqual(invalid({ limit: ['The limit field must be between 1 and 100.'] }));
    }
  });

  it('limit 1 gives one post and hasMore', async () => {
    const res = await list('limit=1');
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { id: string }) => p.id)).toEqual(['notab']);
    expect(res.body).toMatchObject({ hasMore: true, total: 5, skip: 0, limit: 1 });
  });

  it('limit 100 gives every post and no more', async () => {
    const res = await list('limit=100');
    expect(res.body.data).toHaveLength(5);
    expect(res.body).toMatchObject({ hasMore: false, total: 5, skip: 0, limit: 100 });
  });

  it('limit must be an integer', async () => {
    const res = await list('limit=ten');
    expect(res.status).toBe(422);
    expect(res.body).toEqual(invalid({ limit: ['The limit field must be an integer.'] }));
  });

  it('skip defaults to 0 and may not be negative', async () => {
    const res = await list('skip=-1');
    expect(res.status).toBe(422);
    expect(res.body).toEqual(invalid({ skip: ['The skip field must be at least 0.'] }));
  });

  it('D-POSTS-HAS-MORE skip beyond the total gives an empty page with the real total', async () => {
    const res = await list('skip=50&limit=3');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [], hasMore: false, total: 5, skip: 50, limit: 3 });
  });

  it('R-POSTS-PAGE D-POSTS-HAS-MORE hasMore is true exactly when posts remain after this page', async () => {
    expect((await list('skip=2&limit=2')).body).toMatchObject({ hasMore: true, total: 5, skip: 2, limit: 2 });
    expect((await list('skip=3&limit=2')).body).toMatchObject({ hasMore: false, total: 5, skip: 3, limit: 2 });
    expect((await list('skip=0&limit=5')).body).toMatchObject({ hasMore: false });
    expect((await list('skip=0&limit=4')).body).toMatchObject({ hasMore: true });
    expect(await keys('skip=3&limit=2')).toEqual(['sso22', 'dark1']);
  });

  it('D-POSTS-TIES paging with limit 2 walks every listed post exactly once', async () => {
    const seen: string[] = [];
    for (let skip = 0; ; skip += 2) {
      const res = await list(`skip=${skip}&limit=2&order_by=sum_mrr`);
      seen.push(...res.body.data.map((p: { id: string }) => p.id));
      if (!res.body.hasMore) break;
    }
    expect(seen).toEqual(['dark1', 'sso22', 'and01', 'chg01', 'notab']);
  });
});

describe('posts list: order', () => {
  it('R-POSTS-ORDER every order_by value of the spec is accepted, cf_<field_id> too', async () => {
    for (const orderBy of [...POST_ORDER_BY, 'cf_12']) {
      for (const direction of ['asc', 'desc']) {
        const res = await list(`order_by=${orderBy}&order_direction=${direction}`);
        expect(res.status, `${orderBy} ${direction}`).toBe(200);
        expect(res.body.total).toBe(5);
      }
    }
  });

  it('an unknown order_by is 422 "The selected order by is invalid."', async () => {
    const res = await list('order_by=popularity');
    expect(res.status).toBe(422);
    expect(res.text).toBe(
      '{"message":"The given data was invalid.","errors":{"order_by":["The selected order by is invalid."]}}',
    );
    expect((await list('order_by=cf_abc')).body).toEqual(invalid({ order_by: ['The selected order by is invalid.'] }));
  });

  it('R-POSTS-ORDER order_direction is asc or desc', async () => {
    const res = await list('order_direction=up');
    expect(res.status).toBe(422);
    expect(res.body).toEqual(invalid({ order_direction: ['The selected order direction is invalid.'] }));
  });

  it('D-POSTS-DEFAULT-ORDER order_direction defaults to desc for any order_by', async () => {
    expect(await keys('order_by=votes_count')).toEqual(['sso22', 'dark1', 'and01', 'chg01', 'notab']);
  });

  it.each([
    ['order_by=created_at&order_direction=asc', ['dark1', 'sso22', 'and01', 'chg01', 'notab']],
    ['order_by=id&order_direction=asc', ['dark1', 'sso22', 'and01', 'chg01', 'notab']],
    ['order_by=id&order_direction=desc', ['notab', 'chg01', 'and01', 'sso22', 'dark1']],
    ['order_by=votes_count&order_direction=asc', ['chg01', 'notab', 'and01', 'dark1', 'sso22']],
    ['order_by=title&order_direction=asc', ['and01', 'dark1', 'notab', 'chg01', 'sso22']],
    ['order_by=views&order_direction=desc', ['dark1', 'and01', 'sso22', 'chg01', 'notab']],
    ['order_by=comments_count&order_direction=desc', ['dark1', 'and01', 'sso22', 'chg01', 'notab']],
    ['order_by=latest_vote&order_direction=desc', ['dark1', 'sso22', 'and01', 'chg01', 'notab']],
    ['order_by=latest_vote&order_direction=asc', ['and01', 'chg01', 'notab', 'sso22', 'dark1']],
    ['order_by=platform&order_direction=asc', ['chg01', 'notab', 'and01', 'sso22', 'dark1']],
    ['order_by=author&order_direction=asc', ['and01', 'chg01', 'dark1', 'notab', 'sso22']],
    ['order_by=section&order_direction=desc', ['dark1', 'sso22', 'and01', 'chg01', 'notab']],
  ])('D-POSTS-ORDER-MAP orders by the mapped field: %s', async (query, expected) => {
    expect(await keys(query)).toEqual(expected);
  });

  it('D-POSTS-ORDER-NO-FIELD order_by names without data (sum_mrr, moscow_priority, cf_<id>) sort as equal in ascending id order', async () => {
    for (const query of [
      'order_by=sum_mrr',
      'order_by=moscow_priority&order_direction=asc',
      'order_by=cf_7&order_direction=desc',
    ]) {
      expect(await keys(query)).toEqual(['dark1', 'sso22', 'and01', 'chg01', 'notab']);
    }
  });
});

describe('posts list: presentation', () => {
  it('R-POST-FIELDS presents every Post field of the spec with exact types', async () => {
    const res = await list('version=1.0');
    const post = res.body.data[0];
    expect(Object.keys(post).sort()).toEqual(Object.keys(PostSchema.shape).sort());
    expect(PostSchema.safeParse(post).success).toBe(true);
    const url = `${server.url}/p/dark1`;
    expect(post).toEqual({
      id: 'dark1',
      uid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-3[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      title: 'Dark mode',
      description_short: 'Please add dark mode.',
      description: 'Please add **dark mode**.',
      description_changelog: 'Shipped in 2.0',
      clean_description_changelog: 'Shipped in 2.0',
      image_main: '',
      votes_count: 5,
      comments_count: 4,
      views_count: 50,
      url,
      url_edit: `${url}/edit`,
      url_delete: `${url}/delete`,
      created_at: '2026-02-01T00:00:00.000000Z',
      updated_at: '2026-02-01T00:00:00.000000Z',
      latest_status_change_at: '2026-02-01T00:00:00.000000Z',
      latest_status_change_at_formatted: 'Feb 1, 2026',
      author: {
        id: BOB,
        name: 'Bob Member',
        email: 'bob@test.test',
        role: 'member',
        counter_votes: 0,
        counter_comments: 2,
        counter_posts: 2,
        counter_comment_votes: 0,
      },
      categories: [{ id: 1, name: 'Integrations', color: '#ff8800' }],
      status: { id: 1, name: 'Under review', color: '#999999', tab_name: 'Feedback' },
      section_id: 20,
      moderation_status: 'approved',
      conversion: 10,
      prioritization_impact: 0,
      prioritization_confidence: 0,
      prioritization_ease: 0,
      prioritization_reach: 0,
    });
  });

  it('D-POST-ID-UID a post uid is a stable UUID, distinct per post', async () => {
    const first = (await list('limit=100')).body.data.map((p: { uid: string }) => p.uid);
    const again = (await list('limit=100')).body.data.map((p: { uid: string }) => p.uid);
    expect(again).toEqual(first);
    expect(new Set(first).size).toBe(5);
  });

  it('D-POST-IMAGE D-POST-STATUS image_main is the first image of the description; status is null without one', async () => {
    const [and01] = (await list('platform=android')).body.data;
    expect(and01.image_main).toBe('https://img.test/a.png');
    expect(and01.description_short).toBe('A home-screen widget.');
    expect(and01.comments_count).toBe(1);
    const [notab] = (await list('order_by=id&limit=1')).body.data;
    expect(notab.id).toBe('notab');
    expect(notab.status).toBeNull();
    expect(notab.section_id).toBeNull();
    expect(notab.description_changelog).toBe('');
    expect(notab.clean_description_changelog).toBe('');
    expect(notab.conversion).toBe(0);
  });

  it('D-POST-COMMENTS-COUNT comments_count counts approved comments only', async () => {
    const [sso] = (await list('platform=ios')).body.data;
    expect(sso.comments_count).toBe(0);
    expect(sso.status).toEqual({ id: 2, name: 'Planned', color: '#3366ff', tab_name: 'Roadmap' });
    expect(sso.categories).toEqual([
      { id: 1, name: 'Integrations', color: '#ff8800' },
      { id: 2, name: 'Mobile', color: '#00aa55' },
    ]);
  });

  it('D-POSTS-MINIMAL format=minimal lists only the identifying fields', async () => {
    const res = await list('format=minimal&version=1.0');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        id: 'dark1',
        uid: expect.any(String),
        title: 'Dark mode',
        url: `${server.url}/p/dark1`,
        votes_count: 5,
        comments_count: 4,
        created_at: '2026-02-01T00:00:00.000000Z',
        moderation_status: 'approved',
      },
    ]);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(Object.keys(PostMinimalSchema.shape).sort());
    expect((await list('format=full&version=1.0')).body.data[0].description).toBe('Please add **dark mode**.');
  });

  it('R-POSTS-FORMAT format is full or minimal', async () => {
    const res = await list('format=compact');
    expect(res.status).toBe(422);
    expect(res.body).toEqual(invalid({ format: ['The selected format is invalid.'] }));
  });
});

describe('posts list: saved queries', () => {
  it("D-POSTS-SAVED-QUERY saved_query_id applies the saved query's stored filters and order", async () => {
    expect(await keys('saved_query_id=1')).toEqual(['and01', 'sso22']);
  });

  it("parameters sent with the request win over the saved query's", async () => {
    expect(await keys('saved_query_id=1&order_direction=desc')).toEqual(['sso22', 'and01']);
    expect(await keys('saved_query_id=1&tag_id=t-ux')).toEqual(['and01', 'dark1']);
  });

  it('stored values the list refuses are left out of a saved query', async () => {
    expect(await keys('saved_query_id=2')).toEqual(['dark1']);
  });

  it('D-POSTS-SAVED-QUERY an unknown saved_query_id is 422 "The selected saved query id is invalid."', async () => {
    const res = await list('saved_query_id=99');
    expect(res.status).toBe(422);
    expect(res.body).toEqual(invalid({ saved_query_id: ['The selected saved query id is invalid.'] }));
  });
});
