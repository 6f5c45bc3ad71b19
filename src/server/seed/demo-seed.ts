/**
 * The built-in demo data set behind `fp server --seed demo`, in seed-file format 1
 * (see the seed-file contract). It is plain data: the seed loader validates it like
 * any user-supplied seed file.
 *
 * Everything is deterministic: UUIDs are name-based (UUID v5 over a fixed
 * namespace), post keys are hashed from a stable local reference, and every
 * timestamp is a literal in 2026 (the expired API key aside).
 *
 * Integer ids (users' database_id, posts' database_id, comments, tabs, sections,
 * statuses, categories) are unique across both portals, as a hosted database's
 * auto-increment ids would be, so an id seen at one portal never names an item of
 * the other.
 */
import { createHash } from 'node:crypto';

export type DemoTabType = 'board' | 'roadmap' | 'changelog' | 'knowledge_base';
export type DemoModerationStatus = 'pending' | 'approved' | 'rejected';

export interface DemoApiKey {
  token: string;
  read_only: boolean;
  expires_at: string | null;
}

export interface DemoUser {
  id: string;
  database_id: number;
  name: string;
  email: string;
  role: string;
}

export interface DemoTab {
  id: number;
  slug: string;
  name: string;
  type: DemoTabType;
}

export interface DemoSection {
  id: number;
  tab_id: number;
  slug: string;
  name: string;
  parent_id: number | null;
  description: string;
}

export interface DemoStatus {
  id: number;
  name: string;
  color: string;
  tab_id: number;
}

export interface DemoTag {
  id: string;
  name: string;
}

export interface DemoCategory {
  id: number;
  name: string;
  color: string;
  sort_order: number;
}

export interface DemoGroup {
  id: string;
  name: string;
  description: string | null;
  user_ids: string[];
}

export interface DemoPost {
  key: string;
  database_id: number;
  title: string;
  description: string;
  author_id: string;
  tab_id: number;
  section_id: number | null;
  status_id: number | null;
  category_ids: number[];
  tag_ids: string[];
  moderation_status: DemoModerationStatus;
  votes_count: number;
  views_count: number;
  platform: string | null;
  version: string | null;
  release: string | null;
  created_at: string;
}

export interface DemoComment {
  id: number;
  post_key: string;
  user_id: string;
  comment: string;
  parent_id: number | null;
  moderation_status: DemoModerationStatus;
  pinned_to_top: boolean;
  tagged_for_changelog: boolean;
  created_at: string;
}

export interface DemoFeedback {
  id: string;
  type: string;
  feedback: string;
  user_id: string;
  created_at: string;
}

export interface DemoPortal {
  hosts: string[];
  default: boolean;
  guid: string;
  title: string;
  localization: string;
  editor_type: 'wysiwyg' | 'markdown';
  moderate_comments: boolean;
  api_keys: DemoApiKey[];
  users: DemoUser[];
  tabs: DemoTab[];
  sections: DemoSection[];
  statuses: DemoStatus[];
  tags: DemoTag[];
  categories: DemoCategory[];
  groups: DemoGroup[];
  posts: DemoPost[];
  comments: DemoComment[];
  feedback: DemoFeedback[];
}

/**
 * Seed-file format 1 with every optional field filled in, so a `DemoSeed` is also
 * a valid value of the looser seed-file type.
 */
export interface DemoSeed {
  portals: DemoPortal[];
}

// ---------------------------------------------------------------------------
// Deterministic identifiers

const DEMO_NAMESPACE = 'a1c3e5f7-0b2d-4f60-8a9c-1e3d5b7f9a0c';

/** RFC 4122 name-based UUID (version 5, SHA-1) in the demo namespace. */
export function demoUuid(name: string): string {
  const ns = Buffer.from(DEMO_NAMESPACE.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(ns).update(name, 'utf8').digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

// No 0/1/l/o: keys are read aloud and typed from screenshots.
const KEY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

function postKey(ref: string): string {
  const hash = createHash('sha1').update(`acme-demo/post/${ref}`, 'utf8').digest();
  let key = '';
  for (let i = 0; i < 5; i++) key += KEY_ALPHABET[hash[i] % KEY_ALPHABET.length];
  return key;
}

/** `'03-14 09:30'` → `'2026-03-14T09:30:00Z'`. */
function at(monthDayTime: string): string {
  const m = /^(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(monthDayTime);
  if (!m) throw new Error(`demo seed: bad timestamp ${monthDayTime}`);
  return `2026-${m[1]}-${m[2]}T${m[3]}:${m[4]}:00Z`;
}

function lookup<T>(map: Map<string, T>, name: string, what: string): T {
  const value = map.get(name);
  if (value === undefined) throw new Error(`demo seed: unknown ${what} "${name}"`);
  return value;
}

// ---------------------------------------------------------------------------
// Compact authoring shapes, resolved into seed records by buildPortal

interface UserSpec {
  handle: string;
  name: string;
  email: string;
  role: string;
}

interface PostSpec {
  ref: string;
  title: string;
  body: string;
  author: string;
  tab: string;
  at: string;
  section?: string;
  status?: string;
  categories?: string[];
  tags?: string[];
  moderation?: DemoModerationStatus;
  votes?: number;
  views?: number;
  platform?: string;
  version?: string;
  release?: string;
}

interface CommentSpec {
  ref: string;
  post: string;
  user: string;
  text: string;
  at: string;
  parent?: string;
  moderation?: DemoModerationStatus;
  pinned?: boolean;
  changelog?: boolean;
}

interface FeedbackSpec {
  id: string;
  type: string;
  user: string;
  text: string;
  at: string;
}

interface SectionSpec {
  slug: string;
  name: string;
  tab: string;
  parent?: string;
  description: string;
}

interface PortalSpec {
  key: string;
  hosts: string[];
  isDefault: boolean;
  title: string;
  editor: 'wysiwyg' | 'markdown';
  moderateComments: boolean;
  apiKeys: DemoApiKey[];
  users: UserSpec[];
  tabs: Array<{ slug: string; name: string; type: DemoTabType }>;
  sections: SectionSpec[];
  statuses: Array<{ name: string; color: string; tab: string }>;
  tags: Array<{ id: string; name: string }>;
  categories: Array<{ name: string; color: string }>;
  groups: Array<{ name: string; description: string | null; members: string[] }>;
  posts: PostSpec[];
  comments: CommentSpec[];
  feedback: FeedbackSpec[];
}

/** Next free integer id per kind, shared by all portals. */
interface Counters {
  user: number;
  post: number;
  comment: number;
  tab: number;
  section: number;
  status: number;
  category: number;
}

function buildPortal(spec: PortalSpec, next: Counters): DemoPortal {
  const users: DemoUser[] = spec.users.map((u) => ({
    id: demoUuid(`${spec.key}/user/${u.handle}`),
    database_id: next.user++,
    name: u.name,
    email: u.email,
    role: u.role,
  }));
  const userIds = new Map(spec.users.map((u, i) => [u.handle, users[i].id]));

  const tabs: DemoTab[] = spec.tabs.map((t) => ({ id: next.tab++, slug: t.slug, name: t.name, type: t.type }));
  const tabIds = new Map(tabs.map((t) => [t.slug, t.id]));

  const sections: DemoSection[] = [];
  const sectionIds = new Map<string, number>();
  for (const s of spec.sections) {
    const id = next.section++;
    sections.push({
      id,
      tab_id: lookup(tabIds, s.tab, 'tab'),
      slug: s.slug,
      name: s.name,
      parent_id: s.parent === undefined ? null : lookup(sectionIds, s.parent, 'section'),
      description: s.description,
    });
    sectionIds.set(s.slug, id);
  }

  const statuses: DemoStatus[] = spec.statuses.map((s) => ({
    id: next.status++,
    name: s.name,
    color: s.color,
    tab_id: lookup(tabIds, s.tab, 'tab'),
  }));
  const statusIds = new Map(statuses.map((s) => [s.name, s.id]));

  const tags: DemoTag[] = spec.tags.map((t) => ({ id: t.id, name: t.name }));
  const tagIds = new Map(tags.map((t) => [t.name, t.id]));

  const categories: DemoCategory[] = spec.categories.map((c, i) => ({
    id: next.category++,
    name: c.name,
    color: c.color,
    sort_order: i + 1,
  }));
  const categoryIds = new Map(categories.map((c) => [c.name, c.id]));

  const groups: DemoGroup[] = spec.groups.map((g) => ({
    id: demoUuid(`${spec.key}/group/${g.name}`),
    name: g.name,
    description: g.description,
    user_ids: g.members.map((h) => lookup(userIds, h, 'user')),
  }));

  const posts: DemoPost[] = spec.posts.map((p) => ({
    key: postKey(`${spec.key}/${p.ref}`),
    database_id: next.post++,
    title: p.title,
    description: p.body.trim(),
    author_id: lookup(userIds, p.author, 'user'),
    tab_id: lookup(tabIds, p.tab, 'tab'),
    section_id: p.section === undefined ? null : lookup(sectionIds, p.section, 'section'),
    status_id: p.status === undefined ? null : lookup(statusIds, p.status, 'status'),
    category_ids: (p.categories ?? []).map((c) => lookup(categoryIds, c, 'category')),
    tag_ids: (p.tags ?? []).map((t) => lookup(tagIds, t, 'tag')),
    moderation_status: p.moderation ?? 'approved',
    votes_count: p.votes ?? 0,
    views_count: p.views ?? 0,
    platform: p.platform ?? null,
    version: p.version ?? null,
    release: p.release ?? null,
    created_at: at(p.at),
  }));
  const postKeys = new Map(spec.posts.map((p, i) => [p.ref, posts[i].key]));

  const comments: DemoComment[] = [];
  const commentIds = new Map<string, number>();
  for (const c of spec.comments) {
    const id = next.comment++;
    comments.push({
      id,
      post_key: lookup(postKeys, c.post, 'post'),
      user_id: lookup(userIds, c.user, 'user'),
      comment: c.text,
      parent_id: c.parent === undefined ? null : lookup(commentIds, c.parent, 'comment'),
      moderation_status: c.moderation ?? 'approved',
      pinned_to_top: c.pinned ?? false,
      tagged_for_changelog: c.changelog ?? false,
      created_at: at(c.at),
    });
    commentIds.set(c.ref, id);
  }

  const feedback: DemoFeedback[] = spec.feedback.map((f) => ({
    id: f.id,
    type: f.type,
    feedback: f.text,
    user_id: lookup(userIds, f.user, 'user'),
    created_at: at(f.at),
  }));

  return {
    hosts: [...spec.hosts],
    default: spec.isDefault,
    guid: demoUuid(`${spec.key}/portal`),
    title: spec.title,
    localization: 'en',
    editor_type: spec.editor,
    moderate_comments: spec.moderateComments,
    api_keys: spec.apiKeys.map((k) => ({ ...k })),
    users,
    tabs,
    sections,
    statuses,
    tags,
    categories,
    groups,
    posts,
    comments,
    feedback,
  };
}

// ---------------------------------------------------------------------------
// Portal 1: Acme Analytics

const acmeUsers: UserSpec[] = [
  { handle: 'ann', name: 'Ann Admin', email: 'ann@acme.test', role: 'admin' },
  { handle: 'raj', name: 'Raj Patel', email: 'raj.patel@acme.test', role: 'admin' },
  { handle: 'mia', name: 'Mia Chen', email: 'mia.chen@acme.test', role: 'moderator' },
  { handle: 'tom', name: 'Tom Becker', email: 'tom.becker@acme.test', role: 'member' },
  { handle: 'sofia', name: 'Sofia Rossi', email: 'sofia.rossi@acme.test', role: 'member' },
  { handle: 'kwame', name: 'Kwame Mensah', email: 'kwame.mensah@acme.test', role: 'member' },
  { handle: 'lena', name: 'Lena Novak', email: 'lena.novak@acme.test', role: 'member' },
  { handle: 'diego', name: 'Diego Alvarez', email: 'diego.alvarez@acme.test', role: 'member' },
  { handle: 'yuki', name: 'Yuki Tanaka', email: 'yuki.tanaka@acme.test', role: 'member' },
  { handle: 'priya', name: 'Priya Sharma', email: 'priya.sharma@acme.test', role: 'member' },
  { handle: 'noah', name: 'Noah Williams', email: 'noah.williams@acme.test', role: 'member' },
  { handle: 'elif', name: 'Elif Demir', email: 'elif.demir@acme.test', role: 'member' },
];

const feedbackPosts: PostSpec[] = [
  {
    ref: 'dark-mode', title: 'Dark mode for dashboards', author: 'sofia', tab: 'feedback', at: '01-06 09:14',
    status: 'Under review', categories: ['Dashboards'], tags: ['ux', 'customer-request'], votes: 148, views: 2310, platform: 'web',
    body: `
Our support team works night shifts and the bright white dashboards are hard on the eyes.

A **dark theme** that also applies to charts (not just the sidebar) would be ideal. Bonus points if it follows the OS setting.`,
  },
  {
    ref: 'png-export', title: 'Export charts as PNG and SVG', author: 'priya', tab: 'feedback', at: '01-09 15:40',
    status: 'Gathering votes', categories: ['Reporting'], tags: ['customer-request'], votes: 87, views: 1204, platform: 'web',
    body: `
We paste charts into slide decks every week. Today that means taking screenshots.

- PNG with a transparent background
- SVG so the charts stay sharp when scaled`,
  },
  {
    ref: 'slack-alerts', title: 'Slack alerts when a metric crosses a threshold', author: 'lena', tab: 'feedback', at: '01-12 10:02',
    status: 'Under review', categories: ['Alerts', 'Integrations'], votes: 121, views: 1876, platform: 'web',
    body: `
I'd like to get a Slack message when, for example, *checkout conversion* drops below 2% for more than 30 minutes.
E-mail alerts exist, but nobody on our team reads them in time.`,
  },
  {
    ref: 'slow-dashboards', title: 'Dashboard takes 20+ seconds to load with many widgets', author: 'kwame', tab: 'feedback', at: '01-15 08:47',
    status: 'Under review', categories: ['Dashboards'], tags: ['bug', 'performance'], votes: 64, views: 990, platform: 'web', version: '4.1.2',
    body: `
Our main KPI dashboard has 42 widgets. Since 4.1 it takes more than 20 seconds until anything renders.

**Steps**
1. Open a dashboard with 40+ widgets
2. Wait

Expected: widgets appear as their data arrives. Actual: a spinner until everything is loaded.`,
  },
  {
    ref: 'csv-semicolon', title: 'CSV import fails on files with semicolon delimiters', author: 'diego', tab: 'feedback', at: '01-19 13:25',
    status: 'Under review', categories: ['Data import'], tags: ['bug'], votes: 23, views: 412, platform: 'web', version: '4.1.2',
    body: `
Files exported from a German Excel use \`;\` as delimiter. The importer puts everything into a single column and then fails with *"Column 'date' not found"*.

Auto-detecting the delimiter, or letting us pick it, would fix this.`,
  },
  {
    ref: 'vat-invoice', title: 'Show our VAT number on invoices', author: 'noah', tab: 'feedback', at: '01-23 11:10',
    status: 'Gathering votes', tags: ['billing'], votes: 31, views: 388, platform: 'web',
    body: `
Our accounting department rejects invoices without our VAT ID. Please add a field for it in the billing settings and print it on every invoice.`,
  },
  {
    ref: 'scheduled-reports', title: 'Scheduled email reports', author: 'priya', tab: 'feedback', at: '01-28 16:55',
    status: 'Gathering votes', categories: ['Reporting'], tags: ['customer-request'], votes: 96, views: 1450, platform: 'web',
    body: `
Every Monday I export the same three dashboards and mail them to management. A schedule (daily / weekly / monthly) with a PDF attachment would save me an hour a week.`,
  },
  {
    ref: 'sso-okta', title: 'Single sign-on with Okta', author: 'kwame', tab: 'feedback', at: '02-02 09:30',
    status: 'Under review', tags: ['security'], votes: 58, views: 802, platform: 'web',
    body: `
Our security team requires SSO for every SaaS tool. We use **Okta** with SCIM provisioning.`,
  },
  {
    ref: 'query-shortcuts', title: 'Keyboard shortcuts for the query editor', author: 'tom', tab: 'feedback', at: '02-05 14:12',
    status: 'Gathering votes', tags: ['ux'], votes: 19, views: 276, platform: 'web',
    body: `
\`Ctrl+Enter\` to run the query and \`Ctrl+/\` to comment a line, like in every other SQL editor.`,
  },
  {
    ref: 'mobile-offline', title: 'Offline mode for the mobile app', author: 'yuki', tab: 'feedback', at: '02-09 07:45',
    status: 'Gathering votes', categories: ['Mobile app'], votes: 27, views: 350, platform: 'ios',
    body: `
I check our numbers on the train where the connection drops all the time. Caching the last loaded state of my favourite dashboards would be enough.`,
  },
  {
    ref: 'android-crash', title: 'Android app crashes after the 3.8.1 update', author: 'elif', tab: 'feedback', at: '02-12 19:03',
    status: 'Under review', categories: ['Mobile app'], tags: ['bug'], votes: 12, views: 233, platform: 'android', version: '3.8.1',
    body: `
The app closes right after the splash screen since yesterday's update. Reinstalling did not help.

Device: Samsung Galaxy S23, Android 14.`,
  },
  {
    ref: 'deploy-markers', title: 'Annotate charts with deploy markers', author: 'tom', tab: 'feedback', at: '02-17 10:20',
    status: 'Gathering votes', categories: ['Dashboards'], votes: 44, views: 610, platform: 'api',
    body: `
When a metric jumps we always ask "did we deploy something?". An API endpoint to post annotations (timestamp + label) that show up as vertical lines on every time-series chart would answer that.`,
  },
  {
    ref: 'bigquery', title: 'BigQuery connector', author: 'lena', tab: 'feedback', at: '02-20 12:00',
    status: 'Gathering votes', categories: ['Integrations', 'Data import'], tags: ['customer-request'], votes: 73, views: 905, platform: 'web',
    body: `
Most of our event data lives in BigQuery. A native connector would let us drop the nightly export job.`,
  },
  {
    ref: 'funnel-properties', title: 'Funnel analysis by custom event properties', author: 'sofia', tab: 'feedback', at: '02-26 15:15',
    status: 'Under review', categories: ['Reporting'], votes: 38, views: 497, platform: 'web',
    body: `
Funnels can only be split by built-in properties. We need to break them down by our own properties such as \`plan\` or \`referrer_campaign\`.`,
  },
  {
    ref: 'annual-billing', title: 'Annual billing for the Team plan', author: 'noah', tab: 'feedback', at: '03-03 09:05',
    status: 'Declined', tags: ['billing'], votes: 15, views: 302, platform: 'web',
    body: `
Monthly invoices create a lot of paperwork for us. Paying once a year (ideally with a discount) would be much simpler.`,
  },
  {
    ref: 'screen-reader', title: 'Screen reader support for charts', author: 'elif', tab: 'feedback', at: '03-07 11:48',
    status: 'Under review', categories: ['Dashboards'], tags: ['accessibility'], votes: 22, views: 198, platform: 'web',
    body: `
Charts are announced as "image" by VoiceOver and NVDA. A data table alternative or ARIA descriptions would make dashboards usable for our blind colleagues.`,
  },
  {
    ref: 'dashboard-timezone', title: 'Time zone setting per dashboard', author: 'diego', tab: 'feedback', at: '03-11 08:30',
    status: 'Gathering votes', categories: ['Dashboards'], tags: ['ux'], votes: 34, views: 455, platform: 'web',
    body: `
Our teams sit in Berlin and São Paulo. Dashboards always use the viewer's time zone, so "yesterday" means different things to different people.`,
  },
  {
    ref: 'api-rate-limit', title: 'Rate limit headers in the REST API', author: 'noah', tab: 'feedback', at: '03-16 17:22',
    status: 'Under review', categories: ['Integrations'], tags: ['performance'], votes: 17, views: 240, platform: 'api',
    body: `
When we hit the limit we only get a 429. Please send \`X-RateLimit-Remaining\` and \`Retry-After\` so our ETL jobs can back off properly.`,
  },
  {
    ref: 'python-async', title: 'Async client in the Python SDK', author: 'tom', tab: 'feedback', at: '03-20 10:10',
    status: 'Gathering votes', categories: ['Integrations'], votes: 11, views: 167, platform: 'sdk',
    body: `
We run the SDK inside FastAPI. An \`asyncio\` client would avoid blocking the event loop.`,
  },
  {
    ref: 'date-picker', title: 'Date picker resets when switching tabs', author: 'yuki', tab: 'feedback', at: '03-24 13:37',
    status: 'Under review', categories: ['Dashboards'], tags: ['bug', 'ux'], votes: 29, views: 381, platform: 'web', version: '4.2.1',
    body: `
I choose *Last 90 days*, switch to another dashboard tab and come back: the range is back to *Last 7 days*.`,
  },
  {
    ref: 'cohort-heatmap', title: 'Cohort retention heatmap', author: 'priya', tab: 'feedback', at: '03-30 09:55',
    status: 'Gathering votes', categories: ['Reporting'], votes: 52, views: 688, platform: 'web',
    body: `
A classic retention triangle (signup week × weeks since signup), coloured by retention rate.`,
  },
  {
    ref: 'webhook-retries', title: 'Webhook retries are too aggressive', author: 'kwame', tab: 'feedback', at: '04-03 16:00',
    status: 'Under review', categories: ['Integrations'], tags: ['performance'], votes: 9, views: 143, platform: 'api',
    body: `
During our maintenance window we received 1,200 retries in ten minutes. Exponential backoff would be kinder to the receiving side.`,
  },
  {
    ref: 'public-link', title: 'Share a dashboard with a public read-only link', author: 'diego', tab: 'feedback', at: '04-08 10:45',
    status: 'Gathering votes', categories: ['Dashboards'], tags: ['customer-request'], votes: 69, views: 930, platform: 'web',
    body: `
Agencies like us want to share live dashboards with clients who do not have an Acme account.`,
  },
  {
    ref: 'billing-role', title: 'A role for billing-only users', author: 'lena', tab: 'feedback', at: '04-14 14:20',
    status: 'Under review', tags: ['billing', 'security'], votes: 13, views: 120, platform: 'web',
    body: `
Our finance team needs to download invoices but should not see customer data.`,
  },
  {
    ref: 'windows-memory', title: 'Windows desktop app uses 2 GB of memory', author: 'tom', tab: 'feedback', at: '04-20 09:12',
    status: 'Under review', tags: ['bug', 'performance'], votes: 8, views: 96, platform: 'windows', version: '2.4.0',
    body: `
After a day of running in the background the desktop app grows to about 2 GB. Restarting it brings it back to 300 MB.`,
  },
  {
    ref: 'macos-menubar', title: 'Menu bar widget for live metrics on macOS', author: 'sofia', tab: 'feedback', at: '04-27 18:30',
    status: 'Gathering votes', categories: ['Mobile app'], votes: 21, views: 260, platform: 'macos',
    body: `
Something like the iOS home screen widget, but in the macOS menu bar: pick one metric and see it update live.`,
  },
  // Awaiting moderation
  {
    ref: 'hubspot', title: 'HubSpot integration', author: 'noah', tab: 'feedback', at: '05-21 10:00',
    moderation: 'pending', categories: ['Integrations'], votes: 0, views: 4, platform: 'web',
    body: `Sync deals and contacts from HubSpot so we can chart pipeline next to product usage.`,
  },
  {
    ref: 'chart-colours', title: 'Chart colours are hard to tell apart', author: 'elif', tab: 'feedback', at: '05-26 11:11',
    moderation: 'pending', categories: ['Dashboards'], tags: ['accessibility'], votes: 0, views: 3, platform: 'web',
    body: `The default palette uses red and green side by side. A colour-blind friendly palette would help.`,
  },
  {
    ref: 'excel-export', title: 'Export tables to Excel', author: 'diego', tab: 'feedback', at: '06-02 09:40',
    moderation: 'pending', categories: ['Reporting'], votes: 0, views: 2, platform: 'windows',
    body: `CSV loses the formatting. A real \`.xlsx\` export would keep number formats and column widths.`,
  },
  {
    ref: 'free-plan', title: 'Free plan should include three dashboards', author: 'yuki', tab: 'feedback', at: '06-08 15:05',
    moderation: 'pending', tags: ['billing'], votes: 0, views: 6, platform: 'web',
    body: `One dashboard is not enough to evaluate the product properly.`,
  },
  {
    ref: 'linux-arm', title: 'Linux ARM build of the collector agent', author: 'kwame', tab: 'feedback', at: '06-12 08:15',
    moderation: 'pending', categories: ['Data import'], votes: 0, views: 1, platform: 'linux',
    body: `Half of our servers are Graviton instances now. An \`arm64\` build of the agent would let us collect metrics there too.`,
  },
  // Rejected by a moderator
  {
    ref: 'spam-followers', title: 'BUY CHEAP FOLLOWERS NOW', author: 'elif', tab: 'feedback', at: '05-14 03:12',
    moderation: 'rejected', votes: 0, views: 1,
    body: `Best prices for followers and likes!!! Visit our site today.`,
  },
  {
    ref: 'test-post', title: 'test', author: 'tom', tab: 'feedback', at: '05-30 22:47',
    moderation: 'rejected', votes: 0, views: 1,
    body: `asdf`,
  },
];

const roadmapPosts: PostSpec[] = [
  {
    ref: 'saml-sso', title: 'Self-serve SAML single sign-on', author: 'raj', tab: 'roadmap', at: '01-14 09:00',
    status: 'Done', tags: ['security'], votes: 112, views: 1620, platform: 'web', release: '2026.02',
    body: `
Admins can connect any SAML 2.0 identity provider (Okta, Azure AD, Google Workspace) from **Settings → Security** without contacting support.`,
  },
  {
    ref: 'query-builder-2', title: 'Query builder 2.0', author: 'raj', tab: 'roadmap', at: '01-20 10:00',
    status: 'In progress', categories: ['Reporting'], tags: ['ux'], votes: 134, views: 2045, platform: 'web',
    body: `
A rebuilt visual query builder:

- drag and drop metrics and breakdowns
- live preview while you edit
- switch to SQL and back without losing changes`,
  },
  {
    ref: 'usage-billing', title: 'Usage and billing dashboard', author: 'ann', tab: 'roadmap', at: '01-27 15:00',
    status: 'Done', tags: ['billing'], votes: 40, views: 530, platform: 'web', release: '2026.03',
    body: `
See tracked events, seats and the projected invoice for the current period in one place.`,
  },
  {
    ref: 'anomaly-detection', title: 'Anomaly detection on any metric', author: 'raj', tab: 'roadmap', at: '02-03 11:00',
    status: 'Planned', categories: ['Alerts'], votes: 98, views: 1388, platform: 'web',
    body: `
Learn the normal range of a metric (including weekly seasonality) and alert when it leaves that range.`,
  },
  {
    ref: 'audit-log-export', title: 'Audit log export', author: 'ann', tab: 'roadmap', at: '02-10 16:00',
    status: 'Done', tags: ['security'], votes: 26, views: 410, platform: 'api', release: '2026.03',
    body: `
Export the audit log as JSON lines through the API or stream it to S3.`,
  },
  {
    ref: 'snowflake', title: 'Native Snowflake connector', author: 'raj', tab: 'roadmap', at: '02-24 09:30',
    status: 'Planned', categories: ['Integrations', 'Data import'], votes: 77, views: 1012, platform: 'web',
    body: `
Query Snowflake tables directly, without copying the data into Acme first.`,
  },
  {
    ref: 'dashboard-folders', title: 'Dashboard folders and permissions', author: 'ann', tab: 'roadmap', at: '03-02 14:00',
    status: 'In progress', categories: ['Dashboards'], votes: 81, views: 1150, platform: 'web',
    body: `
Organise dashboards in folders and grant view or edit access per folder and per group.`,
  },
  {
    ref: 'streaming-ingestion', title: 'Real-time streaming ingestion', author: 'raj', tab: 'roadmap', at: '03-18 10:30',
    status: 'Planned', categories: ['Data import'], tags: ['performance'], votes: 57, views: 760, platform: 'api',
    body: `
Events sent to the ingestion API show up on dashboards within seconds instead of minutes.`,
  },
  {
    ref: 'custom-domains', title: 'Custom domains for shared dashboards', author: 'ann', tab: 'roadmap', at: '04-06 13:00',
    status: 'In progress', categories: ['Dashboards'], votes: 33, views: 470, platform: 'web',
    body: `
Serve public dashboards from your own domain, e.g. \`metrics.example.com\`, with automatic TLS.`,
  },
  {
    ref: 'ipad-layout', title: 'iPad layout for the mobile app', author: 'raj', tab: 'roadmap', at: '04-22 11:30',
    status: 'Planned', categories: ['Mobile app'], tags: ['ux'], votes: 24, views: 315, platform: 'ios',
    body: `
A two-column layout that uses the whole iPad screen, with split view support.`,
  },
];

const changelogPosts: PostSpec[] = [
  {
    ref: 'release-4-2', title: 'Release 4.2: dashboards load up to 3x faster', author: 'ann', tab: 'changelog', at: '02-16 12:00',
    status: 'Released', categories: ['Dashboards'], tags: ['performance'], votes: 45, views: 1320, platform: 'web', version: '4.2.0', release: '2026.02',
    body: `
## What's new
- Widgets render as soon as their own data arrives
- A new query cache shared between viewers of the same dashboard
- Fixed: the date picker forgot the custom range after a reload`,
  },
  {
    ref: 'chart-export-shipped', title: 'New: export charts as PNG and SVG', author: 'raj', tab: 'changelog', at: '03-04 10:00',
    status: 'Released', categories: ['Reporting'], votes: 38, views: 980, platform: 'web', version: '4.2.3', release: '2026.03',
    body: `
Every chart now has an **Export** menu with PNG (transparent background) and SVG.`,
  },
  {
    ref: 'release-4-3', title: 'Release 4.3: Slack alerts and semicolon CSV import', author: 'ann', tab: 'changelog', at: '03-26 12:00',
    status: 'Released', categories: ['Alerts', 'Integrations'], votes: 52, views: 1105, platform: 'web', version: '4.3.0', release: '2026.03',
    body: `
- Alert rules can post to any Slack channel
- The CSV importer detects \`;\` and tab delimiters
- Fixed: dashboard time zone was ignored in scheduled exports`,
  },
  {
    ref: 'ios-3-9', title: 'iOS app 3.9 with home screen widgets', author: 'raj', tab: 'changelog', at: '04-09 09:00',
    status: 'Released', categories: ['Mobile app'], votes: 29, views: 640, platform: 'ios', version: '3.9.0', release: '2026.04',
    body: `
Pin any metric to your home screen. Widgets refresh every 15 minutes.`,
  },
  {
    ref: 'api-1-4', title: 'REST API 1.4: rate limit headers', author: 'ann', tab: 'changelog', at: '04-23 15:00',
    status: 'Released', categories: ['Integrations'], tags: ['performance'], votes: 14, views: 290, platform: 'api', version: '1.4', release: '2026.04',
    body: `
Every response now carries \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and, on 429, \`Retry-After\`.`,
  },
  {
    ref: 'vat-invoices-shipped', title: 'Invoices now show your VAT number', author: 'raj', tab: 'changelog', at: '05-05 10:00',
    status: 'Released', tags: ['billing'], votes: 18, views: 344, platform: 'web', release: '2026.05',
    body: `
Add your VAT ID under **Settings → Billing**. It is printed on all invoices from the next billing period.`,
  },
  {
    ref: 'release-4-4', title: 'Release 4.4: anomaly detection beta', author: 'ann', tab: 'changelog', at: '05-20 12:00',
    status: 'Released', categories: ['Alerts'], votes: 41, views: 875, platform: 'web', version: '4.4.0', release: '2026.05',
    body: `
Turn on **Detect anomalies** on any time-series widget. The beta is available to all Team and Enterprise workspaces.`,
  },
];

const helpSections: SectionSpec[] = [
  { slug: 'getting-started', name: 'Getting started', tab: 'help', description: 'Set up Acme Analytics and send your first events.' },
  { slug: 'features', name: 'Features', tab: 'help', description: 'What you can do with Acme Analytics.' },
  { slug: 'dashboards', name: 'Dashboards', tab: 'help', parent: 'features', description: 'Build, filter and share dashboards.' },
  { slug: 'integrations', name: 'Integrations', tab: 'help', parent: 'features', description: 'Slack, webhooks and the REST API.' },
  { slug: 'billing', name: 'Billing', tab: 'help', description: 'Plans, invoices and payment details.' },
];

const helpArticles: PostSpec[] = [
  {
    ref: 'kb-quick-start', title: 'Quick start', author: 'mia', tab: 'help', section: 'getting-started', at: '01-05 09:00', views: 4820,
    body: `
Welcome to Acme Analytics! This guide gets you from sign-up to your first chart in about ten minutes.

1. [Install the tracking snippet](installing-the-tracking-snippet) on your site.
2. [Invite your team](inviting-your-team).
3. [Create your first dashboard](/help/dashboards/creating-your-first-dashboard).

The full walkthrough with screenshots is in the [documentation](https://docs.acme.test/quick-start).
If something looks wrong, check [status.acme.test](https://status.acme.test) or write to [support](mailto:support@acme.test).`,
  },
  {
    ref: 'kb-install-snippet', title: 'Installing the tracking snippet', author: 'mia', tab: 'help', section: 'getting-started', at: '01-05 09:30', views: 3950,
    body: `
Paste the snippet into the \`<head>\` of every page:

\`\`\`html
<script async src="https://cdn.acme.test/acme.js" data-project="YOUR_PROJECT_ID"></script>
\`\`\`

Using a framework? The [JavaScript SDK](https://docs.acme.test/sdk/javascript) and its [source on GitHub](https://code.acme.test/acme/sdk) cover React, Vue and server-side tracking.
Events usually appear within a minute; see [Troubleshooting](https://docs.acme.test/sdk/troubleshooting#no-events) if they do not.`,
  },
  {
    ref: 'kb-invite-team', title: 'Inviting your team', author: 'mia', tab: 'help', section: 'getting-started', at: '01-06 10:00', views: 2104,
    body: `
Go to **Settings → Members** and enter one e-mail address per line. Invited people get the *Member* role; change it later under [roles and permissions](https://docs.acme.test/admin/roles).

Seats are billed per active member, see [Plans and pricing](../billing/plans-and-pricing).`,
  },
  {
    ref: 'kb-feature-overview', title: 'Feature overview', author: 'ann', tab: 'help', section: 'features', at: '01-07 11:00', views: 1730,
    body: `
Acme Analytics collects product events and turns them into dashboards, alerts and reports.

- [Dashboards](/help/dashboards/creating-your-first-dashboard) for live metrics
- [Slack alerts](/help/integrations/connecting-slack) when something changes
- The [REST API](https://docs.acme.test/api) for everything else

Release notes live in the [changelog](/changelog) and on [our blog](https://www.acme.test/blog/).`,
  },
  {
    ref: 'kb-first-dashboard', title: 'Creating your first dashboard', author: 'mia', tab: 'help', section: 'dashboards', at: '01-08 09:15', views: 3312,
    body: `
Click **New dashboard**, give it a name and add a widget:

1. Pick a metric, e.g. *Signups*.
2. Choose a chart type.
3. Save.

![The dashboard editor](https://docs.acme.test/img/dashboard-editor.png)

Read more about [widget types](https://docs.acme.test/dashboards/widgets?tab=charts).`,
  },
  {
    ref: 'kb-sharing-dashboards', title: 'Sharing dashboards', author: 'mia', tab: 'help', section: 'dashboards', at: '01-08 14:40', views: 1877,
    body: `
Share a dashboard with members of your workspace from the **Share** button. Viewers need at least the *Viewer* role.

Public links are on the roadmap; until then, export charts as described in [Exporting charts](https://docs.acme.test/dashboards/export).
Questions about access? Ask your workspace admin or [support](mailto:support@acme.test?subject=Sharing%20dashboards).`,
  },
  {
    ref: 'kb-dashboard-filters', title: 'Dashboard filters and time zones', author: 'ann', tab: 'help', section: 'dashboards', at: '01-09 16:20', views: 1240,
    body: `
Filters at the top of a dashboard apply to every widget. The time range uses the time zone from your [profile settings](https://app.acme.test/settings/profile).

Details on how ranges such as *Last 7 days* are computed: [Time ranges](https://docs.acme.test/dashboards/time-ranges).`,
  },
  {
    ref: 'kb-connecting-slack', title: 'Connecting Slack', author: 'mia', tab: 'help', section: 'integrations', at: '01-12 10:30', views: 1599,
    body: `
1. Open **Settings → Integrations → Slack** and click **Connect**.
2. Approve the permissions in Slack.
3. Choose the channel in each alert rule.

The app is listed in the [Slack App Directory](https://apps.slack.example/acme-analytics). Alerts are not arriving? Check [status.acme.test](https://status.acme.test) first.`,
  },
  {
    ref: 'kb-rest-api', title: 'Using the REST API', author: 'ann', tab: 'help', section: 'integrations', at: '01-13 09:45', views: 2688,
    body: `
Create an API token under **Settings → API** and send it as a bearer token:

\`\`\`sh
curl -H "Authorization: Bearer $ACME_TOKEN" https://api.acme.test/v1/metrics
\`\`\`

- [API reference](https://docs.acme.test/api/v1)
- [Official SDKs](https://code.acme.test/acme/sdk) for Python, Node.js and Go
- [Rate limits](https://docs.acme.test/api/rate-limits)

The legacy [v0 API](http://legacy.acme.test/api/v0) is switched off at the end of 2026.`,
  },
  {
    ref: 'kb-webhooks', title: 'Webhooks', author: 'ann', tab: 'help', section: 'integrations', at: '01-14 15:10', views: 964,
    body: `
Webhooks send a signed \`POST\` to your endpoint whenever an alert fires. Verify the \`Acme-Signature\` header as shown in the [webhook guide](https://docs.acme.test/api/webhooks#signatures).

Failed deliveries are retried with backoff; see [Using the REST API](using-the-rest-api) for replaying them.`,
  },
  {
    ref: 'kb-plans-pricing', title: 'Plans and pricing', author: 'raj', tab: 'help', section: 'billing', at: '01-16 11:00', views: 2230,
    body: `
| Plan | Dashboards | Members |
|---|---|---|
| Free | 1 | 3 |
| Team | unlimited | 25 |
| Enterprise | unlimited | unlimited |

Current prices are on the [pricing page](https://www.acme.test/pricing). For Enterprise quotes contact [sales](mailto:sales@acme.test).`,
  },
  {
    ref: 'kb-payment-details', title: 'Updating payment details', author: 'raj', tab: 'help', section: 'billing', at: '01-16 11:30', views: 870,
    body: `
Owners can change the card or switch to invoice payment under **Settings → Billing**. Invoices are also available in the [billing portal](https://billing.acme.test/portal).

Something wrong with an invoice? Write to [billing@acme.test](mailto:billing@acme.test).`,
  },
];

const acmeComments: CommentSpec[] = [
  // dark-mode
  { ref: 'c-dark-1', post: 'dark-mode', user: 'tom', at: '01-06 11:02', text: 'Same here. Even a high-contrast theme would already help.' },
  { ref: 'c-dark-2', post: 'dark-mode', user: 'raj', at: '01-07 09:30', pinned: true,
    text: 'Thanks everyone for the votes! Dark mode is on our list for Q2. We will post updates here and in the changelog.' },
  { ref: 'c-dark-3', post: 'dark-mode', user: 'kwame', at: '01-08 17:45', parent: 'c-dark-1', text: 'Please make sure the charts follow the theme too, not just the sidebar.' },
  { ref: 'c-dark-4', post: 'dark-mode', user: 'elif', at: '06-10 08:05', moderation: 'pending', text: 'Any ETA? This is the one thing keeping our analysts from switching.' },
  // slow-dashboards
  { ref: 'c-slow-1', post: 'slow-dashboards', user: 'lena', at: '01-15 10:12', text: 'We see this too with about 40 widgets. Loading them lazily would help a lot.' },
  { ref: 'c-slow-2', post: 'slow-dashboards', user: 'mia', at: '01-15 14:30', parent: 'c-slow-1',
    text: 'Thanks for the details! Could you send the dashboard link to support@acme.test so we can profile it?' },
  { ref: 'c-slow-3', post: 'slow-dashboards', user: 'kwame', at: '01-16 09:05', parent: 'c-slow-2', text: 'Sent it over, ticket #48213.' },
  // csv-semicolon
  { ref: 'c-csv-1', post: 'csv-semicolon', user: 'noah', at: '01-20 08:40', text: 'Workaround until then: re-save the file as comma separated in Excel before importing.' },
  { ref: 'c-csv-2', post: 'csv-semicolon', user: 'ann', at: '01-21 13:00', parent: 'c-csv-1', text: 'We reproduced this and a fix is scheduled for 4.3.' },
  // slack-alerts
  { ref: 'c-slack-1', post: 'slack-alerts', user: 'yuki', at: '01-13 09:20', text: 'Would be great to pick the channel per alert rule.' },
  { ref: 'c-slack-2', post: 'slack-alerts', user: 'priya', at: '01-14 16:48', text: 'And a way to mute alerts on weekends, please.' },
  // png-export
  { ref: 'c-png-1', post: 'png-export', user: 'sofia', at: '01-10 12:15', text: 'SVG export would make slide decks so much easier.' },
  // scheduled-reports
  { ref: 'c-sched-1', post: 'scheduled-reports', user: 'tom', at: '06-05 10:30', moderation: 'pending', text: 'Please include a PDF attachment option, our managers do not log in.' },
  // sso-okta
  { ref: 'c-sso-1', post: 'sso-okta', user: 'lena', at: '02-03 08:55', text: 'Our security team requires SSO before we can roll out to the whole company.' },
  { ref: 'c-sso-2', post: 'sso-okta', user: 'raj', at: '02-04 10:10', parent: 'c-sso-1',
    text: 'Self-serve SAML SSO has shipped, see the roadmap item. Okta works with it; SCIM is next.' },
  // api-rate-limit
  { ref: 'c-rate-1', post: 'api-rate-limit', user: 'tom', at: '03-17 09:00', text: 'Retry-After alone would already be enough for our ETL jobs.' },
  // public-link
  { ref: 'c-public-1', post: 'public-link', user: 'priya', at: '04-09 11:25', text: 'Please allow an expiry date on shared links.' },
  { ref: 'c-public-2', post: 'public-link', user: 'elif', at: '04-10 02:14', moderation: 'rejected',
    text: 'Check out my site for cheap analytics templates!!! Best deals today only.' },
  // android-crash
  { ref: 'c-android-1', post: 'android-crash', user: 'noah', at: '02-13 07:50', text: 'Happens on a Pixel 8 with Android 15 as well.' },
  { ref: 'c-android-2', post: 'android-crash', user: 'mia', at: '02-13 15:20', parent: 'c-android-1', text: 'Fixed in 3.8.2, which is rolling out in the Play Store now. Sorry about that!' },
  // roadmap
  { ref: 'c-qb-1', post: 'query-builder-2', user: 'diego', at: '01-22 14:00', text: 'Will the new builder support joins across data sources?' },
  { ref: 'c-qb-2', post: 'query-builder-2', user: 'raj', at: '01-23 09:40', parent: 'c-qb-1', text: 'Joins are planned for a follow-up release, not for the first version.' },
  { ref: 'c-anomaly-1', post: 'anomaly-detection', user: 'sofia', at: '02-05 10:05', text: 'Can we tune the sensitivity per metric?' },
  { ref: 'c-anomaly-2', post: 'anomaly-detection', user: 'yuki', at: '06-11 19:20', moderation: 'pending', text: 'Looking forward to this, we currently track anomalies in a spreadsheet.' },
  // changelog
  { ref: 'c-42-1', post: 'release-4-2', user: 'ann', at: '02-16 12:05', changelog: true,
    text: 'Dashboards with many widgets now load up to three times faster thanks to incremental widget rendering and a shared query cache.' },
  { ref: 'c-42-2', post: 'release-4-2', user: 'lena', at: '02-17 08:30', text: 'Noticeably faster for us, thank you!' },
  { ref: 'c-43-1', post: 'release-4-3', user: 'kwame', at: '03-27 10:15', text: 'Works nicely, we replaced our own webhook script with it.' },
  { ref: 'c-43-2', post: 'release-4-3', user: 'noah', at: '06-01 13:45', moderation: 'pending', text: 'Can alerts go to Microsoft Teams too?' },
  { ref: 'c-ios-1', post: 'ios-3-9', user: 'priya', at: '04-10 08:20', text: 'Widgets on the home screen are a great touch.' },
  { ref: 'c-ios-2', post: 'ios-3-9', user: 'yuki', at: '04-11 12:00', parent: 'c-ios-1', text: 'Agreed, I check our signups there every morning now.' },
  { ref: 'c-ios-3', post: 'ios-3-9', user: 'diego', at: '06-09 17:30', moderation: 'pending', text: 'The iPad layout still looks stretched though.' },
];

const acmeFeedback: FeedbackSpec[] = [
  { id: 'fb-1', type: 'idea', user: 'sofia', at: '01-08 10:15',
    text: 'Would love a dark mode for dashboards, staring at white charts all night is tiring.' },
  { id: 'fb-2', type: 'bug', user: 'kwame', at: '01-19 14:02',
    text: 'The CSV import is broken again for files with semicolons. Really frustrating right before our monthly report.' },
  { id: 'fb-3', type: 'question', user: 'diego', at: '02-11 09:48',
    text: 'Is there a way to share a dashboard with a client without giving them a seat?' },
  { id: 'fb-4', type: 'bug', user: 'yuki', at: '02-21 16:30',
    text: 'Dashboards are slow to load on the Team plan, sometimes 20 seconds. Not acceptable for a paid product.' },
  { id: 'fb-5', type: 'praise', user: 'lena', at: '03-05 11:20',
    text: 'The new Slack alerts are great, setup took two minutes and the whole team loves them.' },
  { id: 'fb-6', type: 'idea', user: 'priya', at: '03-14 08:05',
    text: 'Scheduled email reports would save me an hour every Monday.' },
  { id: 'fb-7', type: 'praise', user: 'noah', at: '04-02 15:40',
    text: 'Support answered within minutes and sorted out our invoice. Excellent service, thank you!' },
  { id: 'fb-8', type: 'question', user: 'elif', at: '04-16 13:10',
    text: 'How do I move a dashboard between workspaces? The docs do not mention it.' },
  { id: 'fb-9', type: 'bug', user: 'tom', at: '04-17 10:55',
    text: 'The date picker resets whenever I switch tabs, which is confusing and I lose my filters.' },
  { id: 'fb-10', type: 'idea', user: 'sofia', at: '05-06 09:30',
    text: 'Pricing feels expensive for small teams; a cheaper starter plan would help us a lot.' },
  { id: 'fb-11', type: 'praise', user: 'kwame', at: '05-28 17:05',
    text: 'The query builder beta is fast and intuitive. Not bad at all for a first version!' },
];

const acmeSpec: PortalSpec = {
  key: 'acme',
  hosts: ['acme.localhost', '127.0.0.1', 'localhost'],
  isDefault: true,
  title: 'Acme Feedback',
  editor: 'markdown',
  moderateComments: true,
  apiKeys: [
    { token: 'acme-admin', read_only: false, expires_at: null },
    { token: 'acme-readonly', read_only: true, expires_at: null },
    { token: 'acme-expired', read_only: false, expires_at: '2025-12-31T23:59:59Z' },
  ],
  users: acmeUsers,
  tabs: [
    { slug: 'feedback', name: 'Feedback', type: 'board' },
    { slug: 'roadmap', name: 'Roadmap', type: 'roadmap' },
    { slug: 'changelog', name: 'Changelog', type: 'changelog' },
    { slug: 'help', name: 'Help center', type: 'knowledge_base' },
  ],
  sections: helpSections,
  statuses: [
    { name: 'Under review', color: '#8a94a6', tab: 'feedback' },
    { name: 'Gathering votes', color: '#56ccf2', tab: 'feedback' },
    { name: 'Declined', color: '#c0392b', tab: 'feedback' },
    { name: 'Planned', color: '#3366ff', tab: 'roadmap' },
    { name: 'In progress', color: '#f2994a', tab: 'roadmap' },
    { name: 'Done', color: '#27ae60', tab: 'roadmap' },
    { name: 'Released', color: '#7b61ff', tab: 'changelog' },
  ],
  tags: [
    { id: 't-bug', name: 'bug' },
    { id: 't-ux', name: 'ux' },
    { id: 't-performance', name: 'performance' },
    { id: 't-billing', name: 'billing' },
    { id: 't-security', name: 'security' },
    { id: 't-accessibility', name: 'accessibility' },
    { id: 't-customer-request', name: 'customer-request' },
  ],
  categories: [
    { name: 'Dashboards', color: '#2f80ed' },
    { name: 'Integrations', color: '#ff8800' },
    { name: 'Reporting', color: '#27ae60' },
    { name: 'Alerts', color: '#eb5757' },
    { name: 'Data import', color: '#9b51e0' },
    { name: 'Mobile app', color: '#00a3a3' },
  ],
  groups: [
    { name: 'Beta testers', description: 'Early access to new dashboard features', members: ['tom', 'sofia', 'yuki', 'priya'] },
    { name: 'Enterprise customers', description: null, members: ['kwame', 'lena', 'diego'] },
    { name: 'Design partners', description: 'Customers we interview about upcoming features', members: [] },
  ],
  posts: [...feedbackPosts, ...roadmapPosts, ...changelogPosts, ...helpArticles],
  comments: acmeComments,
  feedback: acmeFeedback,
};

// ---------------------------------------------------------------------------
// Portal 2: Beta Labs (HTML content; shows that keys are bound to their portal)

const betaSpec: PortalSpec = {
  key: 'beta',
  hosts: ['beta.localhost', '127.0.0.2'],
  isDefault: false,
  title: 'Beta Labs',
  editor: 'wysiwyg',
  moderateComments: false,
  apiKeys: [{ token: 'beta-admin', read_only: false, expires_at: null }],
  users: [
    { handle: 'bea', name: 'Bea Admin', email: 'bea@betalabs.test', role: 'admin' },
    { handle: 'carl', name: 'Carl Jensen', email: 'carl.jensen@betalabs.test', role: 'member' },
    { handle: 'dana', name: 'Dana Okafor', email: 'dana.okafor@betalabs.test', role: 'member' },
    { handle: 'eli', name: 'Eli Moreau', email: 'eli.moreau@betalabs.test', role: 'member' },
  ],
  tabs: [
    { slug: 'ideas', name: 'Ideas', type: 'board' },
    { slug: 'changelog', name: 'Changelog', type: 'changelog' },
  ],
  sections: [],
  statuses: [
    { name: 'New', color: '#9e9e9e', tab: 'ideas' },
    { name: 'Shipped', color: '#43a047', tab: 'changelog' },
  ],
  tags: [{ id: 'b-experiment', name: 'experiment' }],
  categories: [
    { name: 'Experiments', color: '#6d4c41' },
    { name: 'Editor', color: '#1e88e5' },
  ],
  groups: [{ name: 'Lab members', description: 'Everyone in the private beta', members: ['carl', 'dana'] }],
  posts: [
    {
      ref: 'collab-cursors', title: 'Show collaborators\u2019 cursors in the editor', author: 'carl', tab: 'ideas', at: '02-04 10:00',
      status: 'New', categories: ['Editor'], tags: ['experiment'], votes: 12, views: 140, platform: 'web',
      body: '<p>When two people edit the same notebook I want to <strong>see where the other person is typing</strong>.</p>',
    },
    {
      ref: 'notebook-templates', title: 'Notebook templates', author: 'dana', tab: 'ideas', at: '02-18 14:30',
      status: 'New', categories: ['Experiments'], votes: 7, views: 88, platform: 'web',
      body: '<p>Start new notebooks from a template:</p><ul><li>A/B test readout</li><li>Weekly metrics review</li></ul>',
    },
    {
      ref: 'export-pdf', title: 'Export notebooks to PDF', author: 'eli', tab: 'ideas', at: '03-09 09:15',
      status: 'New', categories: ['Editor'], votes: 3, views: 41, platform: 'macos',
      body: '<p>Our reviewers only read PDFs. Page breaks per section would be nice.</p>',
    },
    {
      ref: 'beta-release-0-9', title: 'Beta 0.9: shared notebooks', author: 'bea', tab: 'changelog', at: '03-20 12:00',
      status: 'Shipped', categories: ['Experiments'], votes: 9, views: 120, platform: 'web', version: '0.9.0', release: '2026.03',
      body: '<p>Notebooks can now be shared with everyone in the lab. See <a href="https://docs.betalabs.test/sharing">the docs</a>.</p>',
    },
  ],
  comments: [
    { ref: 'b-c-1', post: 'collab-cursors', user: 'dana', at: '02-05 09:12', text: '<p>Yes please, with a different colour per person.</p>' },
    { ref: 'b-c-2', post: 'collab-cursors', user: 'bea', at: '02-05 15:40', parent: 'b-c-1', text: '<p>Noted! We are prototyping this for 1.0.</p>' },
    { ref: 'b-c-3', post: 'beta-release-0-9', user: 'bea', at: '03-20 12:10', changelog: true,
      text: '<p>Shared notebooks are here: invite anyone in the lab to view or edit a notebook.</p>' },
  ],
  feedback: [
    { id: 'fb-12', type: 'praise', user: 'carl', at: '03-22 10:00', text: 'Shared notebooks work great, thanks for the quick release.' },
    { id: 'fb-13', type: 'bug', user: 'eli', at: '04-02 16:45', text: 'The editor freezes when I paste a large table.' },
  ],
};

/** The demo data set: a fresh, independent object on every call. */
export function demoSeed(): DemoSeed {
  const next: Counters = { user: 1, post: 1, comment: 1, tab: 1, section: 10, status: 1, category: 1 };
  return { portals: [buildPortal(acmeSpec, next), buildPortal(betaSpec, next)] };
}
