import type { SeedFile } from '../../src/seed-file/seed-file.js';

/** Small deterministic portals for server and CLI tests. */
export const ADMIN_KEY = 'test-admin';
export const READONLY_KEY = 'test-readonly';
export const EXPIRED_KEY = 'test-expired';
export const OTHER_KEY = 'other-admin';

export const ANN = '11111111-1111-4111-8111-111111111111';
export const BOB = '22222222-2222-4222-8222-222222222222';
export const CARA = '33333333-3333-4333-8333-333333333333';
export const GROUP_BETA = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const GROUP_EMPTY = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

export function fixtureSeed(): SeedFile {
  return {
    portals: [
      {
        hosts: ['test.localhost', '127.0.0.1', 'localhost'],
        default: true,
        guid: '9e0f3c1e-0000-4000-8000-000000000001',
        title: 'Test Portal',
        editor_type: 'markdown',
        moderate_comments: false,
        api_keys: [
          { token: ADMIN_KEY },
          { token: READONLY_KEY, read_only: true },
          { token: EXPIRED_KEY, expires_at: '2020-01-01T00:00:00Z' },
        ],
        users: [
          {
            id: ANN,
            database_id: 1,
            name: 'Ann Admin',
            email: 'ann@test.test',
            role: 'admin',
            created_at: '2026-01-01T00:00:00Z',
          },
          {
            id: BOB,
            database_id: 2,
            name: 'Bob Member',
            email: 'bob@test.test',
            role: 'member',
            created_at: '2026-01-02T00:00:00Z',
          },
          {
            id: CARA,
            database_id: 3,
            name: 'Cara Customer',
            email: 'cara@test.test',
            role: 'member',
            created_at: '2026-01-03T00:00:00Z',
          },
        ],
        tabs: [
          { id: 1, slug: 'feedback', name: 'Feedback', type: 'board' },
          { id: 2, slug: 'roadmap', name: 'Roadmap', type: 'roadmap' },
          { id: 3, slug: 'help', name: 'Help center', type: 'knowledge_base' },
        ],
        sections: [
          { id: 10, tab_id: 3, slug: 'getting-started', name: 'Getting started', parent_id: null },
          { id: 11, tab_id: 3, slug: 'advanced', name: 'Advanced', parent_id: 10 },
          { id: 20, tab_id: 1, slug: 'ideas', name: 'Ideas' },
        ],
        statuses: [
          { id: 1, name: 'Under review', color: '#999999', tab_id: 1 },
          { id: 2, name: 'Planned', color: '#3366ff', tab_id: 2 },
        ],
        tags: [
          { id: 't-bug', name: 'bug' },
          { id: 't-ux', name: 'ux' },
        ],
        categories: [
          { id: 1, name: 'Integrations', color: '#ff8800', sort_order: 1 },
          { id: 2, name: 'Mobile', color: '#00aa55', sort_order: 2 },
          { id: 3, name: 'Locked', color: '#000000', sort_order: 3, locked: true },
        ],
        groups: [
          {
            id: GROUP_BETA,
            name: 'Beta testers',
            description: 'Early access',
            user_ids: [BOB],
            created_at: '2026-01-05T00:00:00Z',
          },
          { id: GROUP_EMPTY, name: 'Empty group', user_ids: [], created_at: '2026-01-06T00:00:00Z' },
        ],
        posts: [
          {
            key: 'dark1',
            database_id: 1,
            title: 'Dark mode',
            description: 'Please add **dark mode**.',
            author_id: BOB,
            tab_id: 1,
            section_id: 20,
            status_id: 1,
            category_ids: [1],
            tag_ids: ['t-ux'],
            votes_count: 5,
            views_count: 50,
            platform: 'web',
            version: '1.0',
            release: '2026.1',
            created_at: '2026-02-01T00:00:00Z',
          },
          {
            key: 'sso22',
            database_id: 2,
            title: 'SSO login',
            description: 'SAML please',
            author_id: CARA,
            tab_id: 2,
            status_id: 2,
            category_ids: [1, 2],
            tag_ids: ['t-bug'],
            votes_count: 9,
            views_count: 10,
            platform: 'ios',
            created_at: '2026-02-02T00:00:00Z',
          },
          {
            key: 'pend3',
            database_id: 3,
            title: 'Pending idea',
            description: 'Waiting for review',
            author_id: CARA,
            tab_id: 1,
            moderation_status: 'pending',
            created_at: '2026-02-03T00:00:00Z',
          },
          {
            key: 'rej44',
            database_id: 4,
            title: 'Spam post',
            description: 'buy now',
            author_id: CARA,
            tab_id: 1,
            moderation_status: 'rejected',
            created_at: '2026-02-04T00:00:00Z',
          },
          {
            key: 'kb001',
            database_id: 5,
            title: 'Installation',
            description: 'See [docs](https://docs.example.test/install).',
            author_id: ANN,
            tab_id: 3,
            section_id: 10,
            created_at: '2026-02-05T00:00:00Z',
          },
        ],
        comments: [
          { id: 100, post_key: 'dark1', user_id: CARA, comment: 'Yes please!', created_at: '2026-02-10T00:00:00Z' },
          {
            id: 101,
            post_key: 'dark1',
            user_id: BOB,
            comment: 'Agreed, a reply.',
            parent_id: 100,
            created_at: '2026-02-11T00:00:00Z',
          },
          {
            id: 102,
            post_key: 'dark1',
            user_id: ANN,
            comment: 'Reply to the reply.',
            parent_id: 101,
            created_at: '2026-02-12T00:00:00Z',
          },
          {
            id: 103,
            post_key: 'dark1',
            user_id: ANN,
            comment: 'Shipped in 2.0',
            tagged_for_changelog: true,
            created_at: '2026-02-13T00:00:00Z',
          },
          {
            id: 104,
            post_key: 'sso22',
            user_id: CARA,
            comment: 'Pending comment',
            moderation_status: 'pending',
            created_at: '2026-02-14T00:00:00Z',
          },
          {
            id: 105,
            post_key: 'sso22',
            user_id: CARA,
            comment: 'Rejected comment',
            moderation_status: 'rejected',
            created_at: '2026-02-15T00:00:00Z',
          },
        ],
        feedback: [
          {
            id: 'fb-1',
            type: 'idea',
            feedback: 'Love the new dashboard',
            user_id: BOB,
            created_at: '2026-03-01T00:00:00Z',
          },
          {
            id: 'fb-2',
            type: 'bug',
            feedback: 'Export is broken and slow',
            user_id: CARA,
            created_at: '2026-03-02T00:00:00Z',
          },
        ],
      },
      {
        hosts: ['other.localhost', '127.0.0.2'],
        title: 'Other Portal',
        editor_type: 'wysiwyg',
        api_keys: [{ token: OTHER_KEY }],
        users: [
          { id: '44444444-4444-4444-8444-444444444444', name: 'Olga Other', email: 'olga@other.test', role: 'admin' },
        ],
        categories: [{ name: 'Other category' }],
      },
    ],
  };
}
