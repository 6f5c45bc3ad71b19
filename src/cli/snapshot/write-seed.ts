import type { Anonymizer } from './anonymizer.js';
import { writeFileAtomically, type FileWriter } from './atomic-file.js';
import type { CrawlState } from './crawl.js';
import type { Journal } from './journal.js';
import { numberAround } from './reconstruct.js';
import {
  PART,
  type CommentSeed,
  type FeedbackSeed,
  type MembershipLine,
  type PostLine,
  type PostSeed,
  type SectionSeed,
  type StatusSeed,
  type TabSeed,
  type UserSeed,
} from './records.js';
import { seedHeader, type SnapshotCounts } from './seed-header.js';
import { SeedTabs, type Membership } from './seed-tabs.js';
import type { UserBook } from './user-book.js';

/** The copy answers here only: never at the source's address. */
const SNAPSHOT_HOSTS = ['127.0.0.1', 'localhost'];

export interface WriteOptions {
  output: string;
  /** The one API key of the copy. */
  token: string;
  anonymizer?: Anonymizer;
  tool: string;
  now: Date;
}

/** What the seed holds besides the records streamed from the journal. */
interface SeedLists {
  header: ReturnType<typeof seedHeader>;
  users: UserSeed[];
  tabs: TabSeed[];
  sections: SectionSeed[];
  statuses: StatusSeed[];
}

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * Writes the seed file (format 1) from the journal: two passes over the
 * posts (the first resolves tabs, sections and numeric ids), records streamed
 * one at a time into a temp file beside the output, renamed into place only
 * when complete.
 */
export async function writeSeed(
  journal: Journal<CrawlState>,
  users: UserBook,
  opts: WriteOptions,
): Promise<SnapshotCounts> {
  const s = journal.state;
  const membership = await readMembership(journal);
  const tabs = new SeedTabs(s, membership);
  const statuses = statusesOf(s, tabs);
  const sections = sectionsOf(s, tabs);
  const posts = await surveyPosts(journal, tabs, sections);
  const feedback = await surveyFeedback(journal, users);
  const allUsers = users.all();
  const counts: SnapshotCounts = {
    users: allUsers.length,
    tabs: tabs.list.length,
    sections: sections.length,
    statuses: statuses.length,
    categories: s.categories?.length ?? 0,
    groups: s.groups?.length ?? 0,
    posts: posts.count,
    comments: s.comments.written,
    feedback,
  };
  const anonymized = Boolean(opts.anonymizer);
  const placeholderTab = tabs.unknown !== undefined;
  const header = seedHeader(s, { tool: opts.tool, now: opts.now, anonymized, counts, placeholderTab });
  const lists: SeedLists = { header, users: allUsers, tabs: tabs.list, sections, statuses };
  const shapePost = postShaper(s, tabs, membership, posts.usedIds, opts.anonymizer);
  await writeFileAtomically(opts.output, async (out) => {
    writeLists(out, s, lists, opts);
    await writeRecords(out, journal, shapePost, opts.anonymizer);
  });
  return counts;
}

/** Which tab or platform filter listed each post, first answer kept. */
async function readMembership(journal: Journal<CrawlState>): Promise<Membership> {
  const membership: Membership = new Map();
  for await (const { record } of journal.read<MembershipLine>(PART.membership)) {
    const m = membership.get(record.key) ?? {};
    if (record.tab) m.tab ??= record.tab;
    if (record.platform) m.platform ??= record.platform;
    membership.set(record.key, m);
  }
  return membership;
}

/** The listed statuses, then those only posts show; a colour the seed would refuse is left out. */
function statusesOf(s: CrawlState, tabs: SeedTabs): StatusSeed[] {
  const listedStatuses = (s.listed?.statuses ?? []).map((st) => ({
    id: st.id,
    name: st.name,
    ...(st.color && HEX.test(st.color) ? { color: st.color } : {}),
    tab_id: st.tab_id != null && tabs.known.has(st.tab_id) ? st.tab_id : null,
  }));
  const seenStatuses = Object.values(s.statuses)
    .filter((st) => !listedStatuses.some((listed) => listed.id === st.id))
    .map((st) => ({
      id: st.id,
      name: st.name,
      ...(HEX.test(st.color) ? { color: st.color } : {}),
      tab_id: tabs.byName.get(st.tab_name) ?? null,
    }));
  return [...listedStatuses, ...seenStatuses].sort((a, b) => a.id - b.id);
}

/** Sections of the knowledge-base exports first (they carry the articles' places), then the listed ones. */
function sectionsOf(s: CrawlState, tabs: SeedTabs): SectionSeed[] {
  const sections: SectionSeed[] = Object.values(s.kb).flatMap((t) => t.sections);
  for (const sec of s.listed?.sections ?? []) {
    if (sections.some((known) => known.id === sec.id)) continue;
    sections.push({ ...sec, tab_id: tabs.known.has(sec.tab_id) ? sec.tab_id : tabs.placeholder() });
  }
  return sections;
}

/** Pass 1 over the posts: how many, the numeric ids in use; sections only posts name are added to `sections`. */
async function surveyPosts(
  journal: Journal<CrawlState>,
  tabs: SeedTabs,
  sections: SectionSeed[],
): Promise<{ count: number; usedIds: Set<number> }> {
  const sectionIds = new Set(sections.map((sec) => sec.id));
  const usedIds = new Set<number>();
  let count = 0;
  for await (const { record } of journal.read<PostLine>(PART.posts)) {
    count++;
    if (record.post.database_id !== undefined) usedIds.add(record.post.database_id);
    const sec = record.post.section_id;
    if (sec == null || sectionIds.has(sec)) continue;
    sectionIds.add(sec);
    sections.push({
      id: sec,
      tab_id: tabs.of(record) ?? tabs.placeholder(),
      slug: `section-${sec}`,
      name: `Section ${sec}`,
      parent_id: null,
      description: '',
    });
  }
  return { count, usedIds };
}

/** How many feedback entries; their authors no other answer showed become users of their own. */
async function surveyFeedback(journal: Journal<CrawlState>, users: UserBook): Promise<number> {
  let count = 0;
  for await (const { record } of journal.read<FeedbackSeed>(PART.feedback)) {
    count++;
    if (record.user_id && !users.has(record.user_id)) users.see({ id: record.user_id, name: 'Unknown user' });
  }
  return count;
}

/** Pass 2's post: numbered when the API hid its id, its tab and platform resolved, only categories the copy has. */
function postShaper(
  s: CrawlState,
  tabs: SeedTabs,
  membership: Membership,
  usedIds: Set<number>,
  anon: Anonymizer | undefined,
): (record: PostLine) => PostSeed {
  const categoryIds = new Set((s.categories ?? []).map((c) => c.id));
  const nextPostId = numberAround(usedIds);
  return (record) => {
    const p: PostSeed = { ...record.post };
    p.database_id ??= nextPostId();
    p.tab_id = tabs.of(record);
    p.category_ids = (p.category_ids ?? []).filter((id) => categoryIds.has(id));
    const platform = membership.get(p.key)?.platform;
    if (platform) p.platform = platform;
    if (anon) {
      p.title = anon.text(p.title);
      p.description = anon.text(p.description ?? '');
    }
    return p;
  };
}

const json = (v: unknown) => JSON.stringify(v);
const array = (items: unknown[]) => `[${items.map((i) => `\n    ${json(i)}`).join(',')}${items.length ? '\n  ' : ''}]`;

/** The header, the portal's settings, its one key and the lists held in memory: records one a line. */
function writeLists(out: FileWriter, s: CrawlState, lists: SeedLists, opts: WriteOptions): void {
  const anon = opts.anonymizer;
  const userOut = (u: UserSeed): UserSeed =>
    anon ? { ...u, name: anon.name(u.name), ...(u.email ? { email: anon.email(u.email) } : {}) } : u;
  out.write(`{\n"format": 1,\n"snapshot": ${JSON.stringify(lists.header, null, 1)},\n"portals": [{\n`);
  out.write(`  "hosts": ${json(SNAPSHOT_HOSTS)},\n  "default": true,\n`);
  for (const [k, v] of Object.entries(s.portal!)) out.write(`  ${json(k)}: ${json(v)},\n`);
  out.write(`  "api_keys": ${json([{ token: opts.token, read_only: false, expires_at: null }])},\n`);
  out.write(`  "users": ${array(lists.users.map(userOut))},\n`);
  out.write(`  "tabs": ${array(lists.tabs)},\n`);
  out.write(`  "sections": ${array(lists.sections)},\n`);
  out.write(`  "statuses": ${array(lists.statuses)},\n`);
  out.write(`  "tags": ${array(s.listed?.tags ?? [])},\n`);
  out.write(`  "categories": ${array(s.categories ?? [])},\n`);
  out.write(`  "groups": ${array(s.groups ?? [])},\n`);
  // A widget keeps its tab when the copy has that tab.
  const tabIds = new Set(lists.tabs.map((t) => t.id));
  const widgets = (s.listed?.widgets ?? []).map((w) => ({
    ...w,
    tab_id: tabIds.has(w.tab_id ?? -1) ? w.tab_id : null,
  }));
  out.write(`  "widgets": ${array(widgets)},\n`);
  out.write(`  "product_vision": ${json(s.listed?.vision ?? null)},\n`);
}

/** Pass 2: posts, each once, in crawl order, then comments and feedback, streamed from the journal. */
async function writeRecords(
  out: FileWriter,
  journal: Journal<CrawlState>,
  shapePost: (record: PostLine) => PostSeed,
  anon: Anonymizer | undefined,
): Promise<void> {
  await streamArray(out, 'posts', journal.read<PostLine>(PART.posts), shapePost);
  out.write(',\n');
  await streamArray(out, 'comments', journal.read<CommentSeed>(PART.comments), (c) =>
    anon ? { ...c, comment: anon.text(c.comment) } : c,
  );
  out.write(',\n');
  await streamArray(out, 'feedback', journal.read<FeedbackSeed>(PART.feedback), (f) =>
    anon ? { ...f, feedback: anon.text(f.feedback) } : f,
  );
  out.write('\n}]\n}\n');
}

/** `"name": [` the journal's records, one a line, `]`: streamed, never held whole. */
async function streamArray<T>(
  out: FileWriter,
  name: string,
  records: AsyncIterable<{ record: T }>,
  shape: (record: T) => unknown,
): Promise<void> {
  out.write(`  ${json(name)}: [`);
  let first = true;
  for await (const { record } of records) {
    out.write(`${first ? '' : ','}\n    ${json(shape(record))}`);
    first = false;
  }
  out.write(`${first ? '' : '\n  '}]`);
}
