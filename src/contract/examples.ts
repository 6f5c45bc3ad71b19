import { asciiZip } from './ascii-zip.js';
import type { OperationName } from './endpoints.js';

/**
 * One example request and response per operation, for the OpenAPI document. They tell
 * one story on the demo portal (`fp server --seed demo`): a test sends every example
 * request in the document's order and each one succeeds. An id the server makes up
 * (a scan id) is the one of an earlier example's response, reached by the document's
 * `links`. A test also parses every example with the operation's own schemas.
 */
export interface OperationExample {
  /** Path and query parameters. */
  readonly params?: Readonly<Record<string, string | number>>;
  /** JSON body, or the form fields besides `file` of an upload. */
  readonly request?: unknown;
  /** The uploaded file of a multipart request, as text (see `asciiZip`). */
  readonly file?: string;
  /** The 200 body (none for a ZIP download). */
  readonly response?: unknown;
}

const ORIGIN = 'https://feedback.acme.test';
const AT = '2026-05-20T12:00:00.000000Z';
const GROUP_ID = 'c34024b6-3ea9-5f3b-879b-5f9038286d96';
/** The group the example creates (the server picks its UUID) and later deletes. */
const NEW_GROUP_ID = '1f0c2d4e-7a9b-4c3d-8e5f-6a7b8c9d0e1f';
const USER_ID = 'df59ee44-0b55-5863-9245-f380d018907c';
/** Noah Williams, not yet in the group. */
const NEW_MEMBER_ID = '1d7cbc75-7eaf-5e2a-9407-4e0b85a834d9';
const NEW_USER_ID = '5b0e2f9a-6c1d-4e3b-9a7f-2d8c4b1e6f03';
const NEW_MEMBER_DATABASE_ID = 11;
const HELP_TAB = 4;
const SCAN_ID = '0b9f3c52-8d4e-4a43-9c0f-1f2a7e5b6c11';

const author = {
  id: USER_ID,
  database_id: 10,
  name: 'Priya Sharma',
  role: 'member',
  profile_url: `${ORIGIN}/users/10`,
  avatar_small_url: 'https://www.gravatar.com/avatar/e41c2c782442bf32bf431cff0192dd52?s=64&d=identicon',
};

const comment = {
  id: 32,
  comment: 'Widgets on the home screen are a great touch.',
  formatted_comment: '<p>Widgets on the home screen are a great touch.</p>\n',
  author,
  pinned_to_top: false,
  tagged_for_changelog: false,
  is_ai: false,
  moderation_status: 'approved',
  parent_id: null,
  votes_count: 0,
  user_has_voted: false,
  can_edit: true,
  can_delete: true,
  created_at: AT,
  updated_at: AT,
  url: `${ORIGIN}/p/ky32v#comment-32`,
  source_locale: null,
  is_translated: false,
  original_html: null,
};

const post = {
  id: '22b56',
  uid: '01277394-4e54-368f-a3a1-d7d5aac9218f',
  title: 'Release 4.4: anomaly detection beta',
  description_short: 'Turn on Detect anomalies on any time-series widget.',
  description: 'Turn on **Detect anomalies** on any time-series widget.',
  description_changelog: '',
  clean_description_changelog: '',
  image_main: '',
  votes_count: 41,
  comments_count: 0,
  views_count: 875,
  url: `${ORIGIN}/p/22b56`,
  url_edit: `${ORIGIN}/p/22b56/edit`,
  url_delete: `${ORIGIN}/p/22b56/delete`,
  created_at: AT,
  updated_at: AT,
  latest_status_change_at: AT,
  latest_status_change_at_formatted: 'May 20, 2026',
  author: {
    id: '7a3d77cd-6a62-5c95-85d6-55664ccde95b',
    name: 'Ann Admin',
    email: 'ann@acme.test',
    role: 'admin',
    counter_votes: 0,
    counter_comments: 2,
    counter_posts: 12,
    counter_comment_votes: 0,
  },
  categories: [{ id: 4, name: 'Alerts', color: '#eb5757' }],
  status: { id: 7, name: 'Released', color: '#7b61ff', tab_name: 'Changelog' },
  section_id: null,
  moderation_status: 'approved',
  conversion: 4.69,
  prioritization_impact: 0,
  prioritization_confidence: 0,
  prioritization_ease: 0,
  prioritization_reach: 0,
};

const moderationAuthor = { id: '5ea10ee5-4552-5275-b57e-7adde4b93d06', name: 'Kwame Mensah' };
const pendingPost = {
  type: 'post',
  id: 'hsiag',
  database_id: 31,
  title: 'Linux ARM build of the collector agent',
  excerpt: 'Half of our servers are Graviton instances now.',
  author: moderationAuthor,
  moderation_status: 'pending',
  created_at: AT,
  url: `${ORIGIN}/p/hsiag`,
  moderated_by: null,
  moderated_at: null,
};
const rejectedComment = {
  type: 'comment',
  id: 31,
  comment: 'The iPad layout still looks stretched.',
  excerpt: 'The iPad layout still looks stretched.',
  author: moderationAuthor,
  post: { id: 'ky32v', title: 'iOS app 3.9 with home screen widgets' },
  parent_id: null,
  moderation_status: 'rejected',
  created_at: AT,
  url: `${ORIGIN}/p/ky32v#comment-31`,
  moderated_by: null,
  moderated_at: null,
};

const group = {
  id: GROUP_ID,
  portal_id: 1,
  name: 'Beta testers',
  description: 'Early access to new dashboard features',
  created_at: AT,
  updated_at: AT,
};

const feedback = {
  id: 'fb-12',
  type: 'praise',
  feedback: 'The query builder beta is fast and intuitive.',
  user_id: USER_ID,
  source: null,
  widget_id: null,
  created_at: AT,
  updated_at: AT,
};

const scan = {
  scan_id: SCAN_ID,
  tab_id: HELP_TAB,
  state: 'queued',
  total: 0,
  checked: 0,
  failed: 0,
  started_at: null,
  finished_at: null,
  error: null,
};

/** An archive of the help tab's first section and one new article in it. */
const ARCHIVE = asciiZip([
  {
    name: 'getting-started/_index.md',
    text: '---\nid: 10\nname: Getting started\nsort_order: 1\n---\nSet up Acme Analytics and send your first events.\n',
  },
  {
    name: 'getting-started/exporting-dashboards.md',
    text: '---\ntitle: Exporting dashboards\n---\nExport a dashboard as PNG, SVG or CSV from its menu.\n',
  },
]);

/** A user as the user operations show one: the member record with the e-mail address. */
const portalUser = {
  ...author,
  email: 'priya.sharma@acme.test',
  counter_votes: 1,
  counter_comments: 3,
  counter_posts: 5,
  counter_comment_votes: 0,
  created_at: AT,
};

const tab = { id: 1, slug: 'feedback', name: 'Feedback', type: 'board', description: '' };

const features = {
  id: 11,
  tab_id: HELP_TAB,
  parent_id: null,
  title: 'Features',
  slug: 'features',
  description: 'What you can do with Acme Analytics.',
  sort_order: 2,
};

/** The post the example creates (the server picks its key), then reads, moves to Planned and deletes. */
const NEW_POST_KEY = 'q7x2m';
const newPost = {
  ...post,
  id: NEW_POST_KEY,
  title: 'Export dashboards as PDF',
  description_short: 'Filed from support ticket #4821.',
  description: 'Filed from support ticket #4821.',
  votes_count: 0,
  views_count: 0,
  conversion: 0,
  url: `${ORIGIN}/p/${NEW_POST_KEY}`,
  url_edit: `${ORIGIN}/p/${NEW_POST_KEY}/edit`,
  url_delete: `${ORIGIN}/p/${NEW_POST_KEY}/delete`,
  categories: [{ id: 1, name: 'Dashboards', color: '#2f80ed' }],
  status: { id: 1, name: 'Under review', color: '#8a94a6', tab_name: 'Feedback' },
};

const userVote = { id: 1, created_at: AT, voter: portalUser };

const widget = {
  id: 'e8593bc7-c0e1-53c6-8e89-1ab3864b44ea',
  name: 'Feedback button',
  type: 'feedback',
  tab_id: 1,
  created_at: AT,
  updated_at: AT,
};

const vision = {
  id: 1,
  title: 'Answers everyone on the team trusts',
  content: 'Acme Analytics turns product events into answers that a whole team trusts.',
  created_at: AT,
  updated_at: AT,
};

const emptyPlan = {
  tab: { changes: [] },
  sections: { create: [], update: [], delete: [] },
};

export const operationExamples: Readonly<Record<OperationName, OperationExample>> = {
  'portal.get': {
    response: {
      data: {
        guid: '4abcb853-93f0-5e53-a583-85cedf97bd1b',
        title: 'Acme Feedback',
        localization: 'en',
        editor_type: 'markdown',
        jira_enabled: false,
        jira_sync_status: false,
        linear_enabled: false,
        jira_domain: null,
      },
    },
  },
  'posts.list': {
    params: { limit: 1, order_by: 'votes_count' },
    response: { data: [post], hasMore: true, total: 43, skip: 0, limit: 1 },
  },
  'posts.create': {
    request: {
      title: 'Export dashboards as PDF',
      description: 'Filed from support ticket #4821.',
      category_id: 1,
      status_id: 1,
    },
    response: { data: newPost },
  },
  'posts.get': { params: { key: NEW_POST_KEY }, response: { data: newPost } },
  'posts.update': {
    params: { key: NEW_POST_KEY },
    request: { status_id: 4 },
    response: { data: { ...newPost, status: { id: 4, name: 'Planned', color: '#3366ff', tab_name: 'Roadmap' } } },
  },
  'posts.delete': { params: { key: NEW_POST_KEY }, response: { message: 'Post deleted successfully' } },
  'posts.togglePublish': {
    params: { key: '3zah2' },
    response: { data: { id: 11, key: '3zah2', published: false } },
  },
  'posts.listForTab': {
    params: { tab: 'changelog', limit: 1 },
    response: { data: [post], hasMore: true, total: 7, skip: 0, limit: 1 },
  },
  'posts.search': { params: { search: 'anomaly detection', limit: 1 }, response: { data: [post] } },
  'posts.duplicates': {
    params: { title: 'Export charts to PDF' },
    response: {
      data: {
        count: 1,
        posts: [
          {
            id: 'vxwjx',
            uid: 'edcf5961-e54a-33e4-8b0e-041eb05705c9',
            title: 'Export charts as PNG and SVG',
            url: `${ORIGIN}/p/vxwjx`,
            votes_count: 87,
            comments_count: 1,
            created_at: AT,
            moderation_status: 'approved',
            status: { id: 2, name: 'Gathering votes', color: '#56ccf2', tab_name: 'Feedback' },
            score: 0.59,
          },
        ],
      },
    },
  },
  'votes.addAnonymous': {
    params: { key: 'txmrb', anonymous_id: '0cc175b9c0f1b6a831c399e269772661' },
    response: { data: { created_at: AT, voter: null } },
  },
  'votes.removeAnonymous': {
    params: { key: 'txmrb', anonymous_id: '0cc175b9c0f1b6a831c399e269772661' },
    response: {},
  },
  'votes.list': { params: { key: 'txmrb' }, response: { data: [userVote] } },
  'votes.add': { params: { key: 'txmrb', user: USER_ID }, response: { data: userVote } },
  'votes.remove': { params: { key: 'txmrb', user: USER_ID }, response: {} },
  'categories.list': { response: { data: [{ id: 1, name: 'Dashboards', color: '#2f80ed', sort_order: 1 }] } },
  'categories.create': {
    request: { name: 'Billing' },
    response: { data: { id: 7, name: 'Billing', color: '#2f80ed', sort_order: 7 } },
  },
  'categories.update': {
    params: { id: 7 },
    request: { name: 'Billing and invoices', color: '#123abc' },
    response: { data: { id: 7, name: 'Billing and invoices', color: '#123abc', sort_order: 7 } },
  },
  'categories.delete': { params: { id: 7 }, response: { message: 'Category deleted successfully' } },
  'statuses.list': { response: { data: [{ id: 1, name: 'Under review', color: '#8a94a6', tab_id: 1 }] } },
  'statuses.create': {
    request: { name: 'Needs info', color: '#f2c94c', tab_id: 1 },
    response: { data: { id: 8, name: 'Needs info', color: '#f2c94c', tab_id: 1 } },
  },
  'statuses.update': {
    params: { status: '8' },
    request: { name: 'Needs details' },
    response: { data: { id: 8, name: 'Needs details', color: '#f2c94c', tab_id: 1 } },
  },
  'statuses.delete': { params: { status: '8' }, response: { message: 'Status deleted successfully' } },
  'tags.list': { response: { data: [{ id: 't-bug', name: 'bug' }] } },
  'tags.create': { request: { name: 'regression' }, response: { data: { id: '1', name: 'regression' } } },
  'tags.update': {
    params: { tag: '1' },
    request: { name: 'regressions' },
    response: { data: { id: '1', name: 'regressions' } },
  },
  'tags.delete': { params: { tag: '1' }, response: { message: 'Tag deleted successfully' } },
  'tabs.list': { response: { data: [tab] } },
  'tabs.get': { params: { tab: 'feedback' }, response: { data: tab } },
  'sections.list': { response: { data: [features] } },
  'sections.children': {
    params: { section: '11' },
    response: {
      data: [{ ...features, id: 12, parent_id: 11, title: 'Dashboards', slug: 'dashboards', sort_order: 3 }],
    },
  },
  'sections.create': {
    request: { tab_id: 4, title: 'Invoices', parent_id: null, description: 'Invoices and receipts.' },
    response: {
      data: {
        ...features,
        id: 16,
        parent_id: null,
        title: 'Invoices',
        slug: 'invoices',
        description: 'Invoices and receipts.',
        sort_order: 4,
      },
    },
  },
  'sections.update': {
    params: { section: 'invoices' },
    request: { title: 'Invoices and receipts' },
    response: {
      data: {
        ...features,
        id: 16,
        parent_id: null,
        title: 'Invoices and receipts',
        slug: 'invoices',
        description: 'Invoices and receipts.',
        sort_order: 4,
      },
    },
  },
  'sections.delete': { params: { section: 'invoices' }, response: { message: 'Section deleted successfully' } },
  'users.list': {
    params: { limit: 1, skip: 9 },
    response: { data: [portalUser], hasMore: true, total: 12, skip: 9, limit: 1 },
  },
  'users.findByEmail': { params: { email: 'priya.sharma@acme.test' }, response: { data: portalUser } },
  'users.get': { params: { user: USER_ID }, response: { data: portalUser } },
  'users.create': {
    request: { name: 'Ada Lovelace', email: 'ada@example.test', role: 'user' },
    response: {
      data: {
        ...portalUser,
        id: NEW_USER_ID,
        database_id: 13,
        name: 'Ada Lovelace',
        email: 'ada@example.test',
        role: 'user',
      },
    },
  },
  'users.update': { params: { user: USER_ID }, request: { role: 'member' }, response: { data: portalUser } },
  'users.delete': { params: { user: '13' }, response: { message: 'User deleted successfully' } },
  'users.bulkBlock': {
    request: { user_ids: [USER_ID, 11] },
    response: { success: true, count: 2, message: '2 users blocked.' },
  },
  'users.bulkUnblock': {
    request: { user_ids: [USER_ID, 11] },
    response: { success: true, count: 2, message: '2 users unblocked.' },
  },
  'users.bulkDelete': {
    request: { user_ids: [12] },
    response: { success: true, count: 1, message: '1 user deleted.' },
  },
  'users.groupsFilter': {
    response: {
      data: [
        { id: GROUP_ID, name: 'Beta testers' },
        { id: '8ba47e02-6560-5c3a-9542-d67770d9a2b3', name: 'Design partners' },
      ],
    },
  },
  'users.planTypes': {
    response: {
      data: [
        { id: 'business', name: 'Business' },
        { id: 'team', name: 'Team' },
      ],
    },
  },
  'users.segmentKeys': {
    response: {
      data: [
        { key: 'company', label: 'Company', type: 'string' },
        { key: 'mrr', label: 'MRR', type: 'number' },
      ],
    },
  },
  'widgets.list': { response: { data: [widget] } },
  'widgets.get': { params: { widget: widget.id }, response: { data: widget } },
  'vision.get': { response: { data: vision } },
  'vision.upsert': {
    request: { title: vision.title, content: 'Answers in seconds, trusted by every team.' },
    response: { data: { ...vision, content: 'Answers in seconds, trusted by every team.' } },
  },
  'vision.delete': { response: { message: 'Product vision deleted successfully' } },
  'comments.list': {
    params: { key: 'ky32v' },
    response: { data: [{ ...comment, id: 29, url: `${ORIGIN}/p/ky32v#comment-29` }] },
  },
  'comments.create': {
    params: { key: 'ky32v' },
    request: { user_id: USER_ID, comment: 'Widgets on the home screen are a great touch.', silent: true },
    response: { data: comment },
  },
  'comments.update': {
    params: { id: 32 },
    request: { comment: 'Widgets on the home screen are a great touch.', pinned_to_top: true },
    response: { data: { ...comment, pinned_to_top: true } },
  },
  'comments.delete': { params: { id: 32 }, response: {} },
  'comments.updateNested': {
    params: { key: 'ky32v', id: 29 },
    request: { comment: 'Widgets on the home screen are a great touch.' },
    response: { data: { ...comment, id: 29, url: `${ORIGIN}/p/ky32v#comment-29` } },
  },
  'comments.deleteNested': { params: { key: 'ky32v', id: 29 }, response: {} },
  'references.create': {
    params: { key: '22b56' },
    request: { reference: 'Zendesk ticket #4821' },
    response: { data: { id: 1, post_id: '22b56', reference: 'Zendesk ticket #4821', created_at: AT, updated_at: AT } },
  },
  'references.delete': { params: { id: 1 }, response: {} },
  'groups.list': { response: { data: [group] } },
  'groups.create': {
    request: { name: 'Support champions', description: 'Customers who answer questions in the community' },
    response: {
      data: {
        ...group,
        id: NEW_GROUP_ID,
        name: 'Support champions',
        description: 'Customers who answer questions in the community',
      },
    },
  },
  'groups.get': { params: { id: GROUP_ID }, response: { data: group } },
  'groups.update': {
    params: { id: GROUP_ID },
    request: { description: null },
    response: { data: { ...group, description: null } },
  },
  'groups.delete': { params: { id: NEW_GROUP_ID }, response: { message: 'Group deleted successfully' } },
  'groups.listUsers': {
    params: { group: GROUP_ID },
    response: {
      data: [
        {
          ...author,
          counter_votes: 0,
          counter_comments: 3,
          counter_posts: 5,
          counter_comment_votes: 0,
          created_at: AT,
        },
      ],
    },
  },
  'groups.addUser': {
    params: { group: GROUP_ID },
    request: { user_id: NEW_MEMBER_ID },
    response: { message: 'User added to group successfully' },
  },
  'groups.removeUser': {
    params: { group: GROUP_ID },
    request: { user_id: NEW_MEMBER_DATABASE_ID },
    response: { message: 'User removed from group successfully' },
  },
  'groups.addUserInPath': {
    params: { group: GROUP_ID, user: NEW_MEMBER_ID },
    response: { message: 'User added to group successfully' },
  },
  'groups.removeUserInPath': {
    params: { group: GROUP_ID, user: String(NEW_MEMBER_DATABASE_ID) },
    response: { message: 'User removed from group successfully' },
  },
  'feedback.list': { response: { data: [feedback] } },
  'feedback.create': {
    request: { type: 'praise', feedback: 'The query builder beta is fast and intuitive.', user_id: USER_ID },
    response: { data: feedback },
  },
  'feedback.update': {
    params: { id: 'fb-12' },
    request: { feedback: 'The query builder is fast and intuitive.' },
    response: { data: { ...feedback, feedback: 'The query builder is fast and intuitive.' } },
  },
  'feedback.updatePatch': {
    params: { id: 'fb-12' },
    request: { feedback: 'The query builder is fast, and intuitive.' },
    response: { data: { ...feedback, feedback: 'The query builder is fast, and intuitive.' } },
  },
  'feedback.delete': { params: { id: 'fb-12' }, response: {} },
  'feedback.summarize': {
    request: { sentiment: 'positive', created_from: '2026-05-01' },
    response: {
      data: {
        summary: '4 feedback entries matched (praise: 3, idea: 1). Sentiment is mostly positive.',
        total: 4,
        by_type: { idea: 1, praise: 3 },
        sentiment: { positive: 4, neutral: 0, negative: 0 },
        focus: { usability: 2, functionality: 3, value: 1 },
        top_phrases: [{ phrase: 'minutes', count: 2 }],
        filters: { sentiment: 'positive', created_from: '2026-05-01' },
      },
    },
  },
  'moderation.pending': {
    params: { last_post_id: 32 },
    response: {
      data: { posts: [pendingPost], comments: [] },
      meta: { per_page: 20, has_more_posts: false, has_more_comments: false, last_post_id: 31, last_comment_id: null },
    },
  },
  'moderation.rejected': {
    params: { page: 1 },
    response: {
      data: { posts: [], comments: [rejectedComment] },
      meta: { current_page: 1, per_page: 20, has_more_posts: false, has_more_comments: false },
    },
  },
  'moderation.reject': {
    params: { type: 'comment', identifier: '31' },
    response: {
      message: 'Comment rejected successfully',
      data: { ...rejectedComment, moderated_by: '7a3d77cd-6a62-5c95-85d6-55664ccde95b', moderated_at: AT },
    },
  },
  'moderation.approve': {
    params: { type: 'post', identifier: 'hsiag' },
    response: {
      message: 'Post approved successfully',
      data: {
        ...pendingPost,
        moderation_status: 'approved',
        moderated_by: '7a3d77cd-6a62-5c95-85d6-55664ccde95b',
        moderated_at: AT,
      },
    },
  },
  'knowledgebase.scanLinks': { request: { tab_id: HELP_TAB }, response: { data: scan } },
  'knowledgebase.scanProgress': {
    params: { scanId: SCAN_ID },
    response: { data: { ...scan, state: 'running', total: 12, checked: 5, failed: 1, started_at: AT } },
  },
  'knowledgebase.linkResults': {
    params: { tabId: HELP_TAB },
    response: {
      data: {
        tab_id: HELP_TAB,
        scan_id: SCAN_ID,
        scanned_at: AT,
        posts: [
          {
            post_id: 'xuwe8',
            title: 'Updating payment details',
            healthy: false,
            links_total: 1,
            links_failed: 1,
            links: [
              {
                url: 'https://billing.acme.test/old',
                ok: false,
                status: 404,
                error: 'HTTP 404 Not Found',
                final_url: 'https://billing.acme.test/old',
                redirects: 0,
                checked_at: AT,
              },
            ],
          },
        ],
      },
    },
  },
  'knowledgebase.export': { params: { tab_id: HELP_TAB } },
  'knowledgebase.preview': {
    request: { tab_id: HELP_TAB },
    file: ARCHIVE,
    response: {
      data: {
        ...emptyPlan,
        articles: {
          create: [{ id: null, title: 'Exporting dashboards', path: 'getting-started/exporting-dashboards.md' }],
          update: [],
          delete: [],
        },
        summary: { create: 1, update: 0, delete: 0 },
      },
    },
  },
  'knowledgebase.execute': {
    request: { tab_id: HELP_TAB, delete_confirmed: ['xuwe8'] },
    file: ARCHIVE,
    response: {
      data: {
        applied: {
          ...emptyPlan,
          articles: {
            create: [],
            update: [],
            delete: [
              {
                id: 'xuwe8',
                database_id: 40,
                title: 'Updating payment details',
                path: 'billing/updating-payment-details.md',
              },
            ],
          },
        },
        skipped: { sections: [], articles: [] },
        summary: { created: 0, updated: 0, deleted: 1, skipped: 0 },
      },
    },
  },
};
