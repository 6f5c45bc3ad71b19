import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { Anonymizer } from './anonymizer.js';
import type { CrawlState } from './crawl.js';
import type { Journal } from './journal.js';
import { guessSlug, guessTabType, MISSING, nameFromSlug, RECONSTRUCTED } from './reconstruct.js';
import {
  PART,
  SNAPSHOT_PARTS,
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
import type { UserBook } from './user-book.js';

/** The copy answers here only: never at the source's address. */
export const SNAPSHOT_HOSTS = ['127.0.0.1', 'localhost'];

export interface WriteOptions {
  output: string;
  /** The one API key of the copy. */
  token: string;
  anonymizer?: Anonymizer;
  tool: string;
  now: Date;
}

export interface SnapshotCounts {
  users: number;
  tabs: number;
  sections: number;
  statuses: number;
  categories: number;
  groups: number;
  posts: number;
  comments: number;
  feedback: number;
}

/** Buffered synchronous writes: a full disk fails at the write that hits it. */
class FileWriter {
  private chunks: string[] = [];
  private size = 0;
  constructor(private readonly fd: number) {}
  write(text: string): void {
    this.chunks.push(text);
    this.size += text.length;
    if (this.size >= 1 << 16) this.flush();
  }
  flush(): void {
    if (!this.chunks.length) return;
    writeSync(this.fd, this.chunks.join(''));
    this.chunks = [];
    this.size = 0;
  }
}

const HEX = /^#[0-9a-fA-F]{6}$/;

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
  const anon = opts.anonymizer;

  const membership = new Map<string, { tab?: string; platform?: string }>();
  for await (const { record } of journal.read<MembershipLine>(PART.membership)) {
    const m = membership.get(record.key) ?? {};
    if (record.tab) m.tab ??= record.tab;
    if (record.platform) m.platform ??= record.platform;
    membership.set(record.key, m);
  }

  // Tabs: those the tab list gave, and knowledge-base tabs keep their ids; the others are numbered around them.
  const tabs: TabSeed[] = [...(s.listed?.tabs ?? [])];
  for (const t of Object.values(s.kb)) {
    if (tabs.some((listed) => listed.id === t.id)) continue;
    tabs.push({
      id: t.id,
      slug: t.slug,
      name: nameFromSlug(t.slug),
      type: 'knowledge_base',
      description: t.description,
    });
  }
  const usedTabIds = new Set(tabs.map((t) => t.id));
  let tabSeq = 0;
  const nextTabId = () => {
    do tabSeq++;
    while (usedTabIds.has(tabSeq));
    usedTabIds.add(tabSeq);
    return tabSeq;
  };
  const tabByName = new Map<string, number>(s.listed?.tabs?.map((t) => [t.name, t.id]));
  const tabBySlug = new Map<string, number>(tabs.map((t) => [t.slug, t.id]));
  for (const name of [
    ...new Set(
      Object.values(s.statuses)
        .map((st) => st.tab_name)
        .filter(Boolean),
    ),
  ].sort()) {
    if (tabByName.has(name)) continue;
    let slug = guessSlug(name);
    while (tabBySlug.has(slug) && !tabs.some((t) => t.slug === slug && t.name === name)) slug += '-2';
    const existing = tabBySlug.get(slug);
    if (existing !== undefined && tabs.find((t) => t.id === existing)?.type === 'knowledge_base') {
      tabByName.set(name, existing);
      continue;
    }
    const id = nextTabId();
    tabs.push({ id, slug, name, type: guessTabType(name) });
    tabByName.set(name, id);
    tabBySlug.set(slug, id);
  }
  let unknownTab: number | undefined;
  const placeholderTab = () => {
    if (unknownTab === undefined) {
      unknownTab = nextTabId();
      tabs.push({ id: unknownTab, slug: 'unknown-tab', name: 'Unknown tab', type: 'board' });
    }
    return unknownTab;
  };

  const tabIds = new Set(tabs.map((t) => t.id));
  const listedStatuses = (s.listed?.statuses ?? []).map((st) => ({
    id: st.id,
    name: st.name,
    ...(st.color && HEX.test(st.color) ? { color: st.color } : {}),
    tab_id: st.tab_id != null && tabIds.has(st.tab_id) ? st.tab_id : null,
  }));
  const seenStatuses = Object.values(s.statuses)
    .filter((st) => !listedStatuses.some((listed) => listed.id === st.id))
    .map((st) => ({
      id: st.id,
      name: st.name,
      ...(HEX.test(st.color) ? { color: st.color } : {}),
      tab_id: tabByName.get(st.tab_name) ?? null,
    }));
  const statuses: StatusSeed[] = [...listedStatuses, ...seenStatuses].sort((a, b) => a.id - b.id);

  const categoryIds = new Set((s.categories ?? []).map((c) => c.id));
  // Sections of the knowledge-base exports first (they carry the articles' places), then the listed ones.
  const sections: SectionSeed[] = Object.values(s.kb).flatMap((t) => t.sections);
  for (const sec of s.listed?.sections ?? []) {
    if (sections.some((known) => known.id === sec.id)) continue;
    sections.push({ ...sec, tab_id: tabIds.has(sec.tab_id) ? sec.tab_id : placeholderTab() });
  }
  const sectionIds = new Set(sections.map((sec) => sec.id));

  const tabOf = (line: PostLine): number | null => {
    if (line.post.tab_id != null) return line.post.tab_id;
    if (line.status_tab && tabByName.has(line.status_tab)) return tabByName.get(line.status_tab)!;
    const probed = membership.get(line.post.key)?.tab;
    return probed !== undefined ? (tabBySlug.get(probed) ?? null) : null;
  };

  // Pass 1: numeric ids in use, sections only posts name, how many posts.
  const usedPostIds = new Set<number>();
  let postCount = 0;
  for await (const { record } of journal.read<PostLine>(PART.posts)) {
    postCount++;
    if (record.post.database_id !== undefined) usedPostIds.add(record.post.database_id);
    const sec = record.post.section_id;
    if (sec != null && !sectionIds.has(sec)) {
      sectionIds.add(sec);
      sections.push({
        id: sec,
        tab_id: tabOf(record) ?? placeholderTab(),
        slug: `section-${sec}`,
        name: `Section ${sec}`,
        parent_id: null,
        description: '',
      });
    }
  }
  let feedbackCount = 0;
  for await (const { record } of journal.read<FeedbackSeed>(PART.feedback)) {
    feedbackCount++;
    if (record.user_id && !users.has(record.user_id)) users.see({ id: record.user_id, name: 'Unknown user' });
  }

  const allUsers = users.all();
  const counts: SnapshotCounts = {
    users: allUsers.length,
    tabs: tabs.length,
    sections: sections.length,
    statuses: statuses.length,
    categories: s.categories?.length ?? 0,
    groups: s.groups?.length ?? 0,
    posts: postCount,
    comments: s.comments.written,
    feedback: feedbackCount,
  };

  const missing = [...MISSING];
  const excluded = SNAPSHOT_PARTS.filter((p) => !s.options.include.includes(p));
  if (excluded.length) missing.unshift(`left out with --include: ${excluded.join(', ')}`);
  if (s.options.include.includes('kb') && s.options.kb_tabs.length === 0)
    missing.unshift('knowledge-base articles and sections (no --kb-tab given)');
  if (s.comments_outside > 0)
    missing.unshift(
      `${s.comments_outside} comments in the moderation queues on posts outside the snapshot (knowledge-base tabs not given with --kb-tab?)`,
    );
  if (s.comments.skipped_posts > 0)
    missing.unshift(`comments of ${s.comments.skipped_posts} posts deleted while the snapshot ran`);
  const unconfirmed = (s.probes ?? []).filter((p) => p.tab !== undefined && p.total === 0).map((p) => p.tab);
  const reconstructed: Record<string, string> = { ...RECONSTRUCTED };
  const listed = s.listed;
  if (listed?.tabs) reconstructed.tabs = 'from the tab list (GET /api/v1/tabs, assumed: D-TAB-LIST)';
  if (listed?.statuses) reconstructed.statuses = 'from the status list (GET /api/v1/statuses, assumed: D-STATUS-LIST)';
  if (listed?.sections)
    reconstructed.sections =
      'from the section lists (GET /api/v1/sections and their children, assumed: D-SECTION-LIST)';
  if (listed?.users) reconstructed.users = 'from the user list (GET /api/v1/users, assumed: D-USER-LIST)';
  if (listed?.tags) missing.splice(missing.indexOf('tags and the tags of posts'), 1, 'the tags of posts');
  missing.push("users' votes");
  if (listed?.not_offered.length)
    missing.unshift(`not offered by the portal (404): the lists of ${listed.not_offered.join(', ')}`);
  if (unconfirmed.length) reconstructed.tabs += ` (slugs not confirmed: ${unconfirmed.join(', ')})`;
  if (unknownTab !== undefined)
    reconstructed.tabs += '; sections of posts whose tab is unknown are on the tab "unknown-tab"';

  const header = {
    complete: true,
    tool: opts.tool,
    taken_at: opts.now.toISOString(),
    started_at: s.started_at,
    source: { title: s.portal!.title, guid: s.portal!.guid },
    anonymized: Boolean(anon),
    included: s.options.include,
    kb_tabs: s.options.kb_tabs,
    requests: s.requests,
    counts,
    reconstructed,
    missing,
  };

  const portal = s.portal!;
  const userOut = (u: UserSeed): UserSeed =>
    anon ? { ...u, name: anon.name(u.name), ...(u.email ? { email: anon.email(u.email) } : {}) } : u;

  const dir = path.dirname(path.resolve(opts.output));
  const temp = path.join(dir, `.${path.basename(opts.output)}.${randomBytes(4).toString('hex')}.tmp`);
  const fd = openSync(temp, 'wx', 0o600);
  // Interrupted (Ctrl-C exits the process): no temp file stays behind either.
  const removeTemp = () => rmSync(temp, { force: true });
  process.once('exit', removeTemp);
  try {
    const out = new FileWriter(fd);
    const json = (v: unknown) => JSON.stringify(v);
    const array = (items: unknown[]) =>
      `[${items.map((i) => `\n    ${json(i)}`).join(',')}${items.length ? '\n  ' : ''}]`;
    out.write(`{\n"format": 1,\n"snapshot": ${JSON.stringify(header, null, 1)},\n"portals": [{\n`);
    out.write(`  "hosts": ${json(SNAPSHOT_HOSTS)},\n  "default": true,\n`);
    for (const [k, v] of Object.entries(portal)) out.write(`  ${json(k)}: ${json(v)},\n`);
    out.write(`  "api_keys": ${json([{ token: opts.token, read_only: false, expires_at: null }])},\n`);
    out.write(`  "users": ${array(allUsers.map(userOut))},\n`);
    out.write(`  "tabs": ${array(tabs)},\n`);
    out.write(`  "sections": ${array(sections)},\n`);
    out.write(`  "statuses": ${array(statuses)},\n`);
    out.write(`  "tags": ${array(s.listed?.tags ?? [])},\n`);
    out.write(`  "categories": ${array(s.categories ?? [])},\n`);
    out.write(`  "groups": ${array(s.groups ?? [])},\n`);

    /** `"name": [` the journal's records, one a line, `]`: streamed, never held whole. */
    const streamArray = async <T>(
      name: string,
      records: AsyncIterable<{ record: T }>,
      shape: (record: T) => unknown,
    ) => {
      out.write(`  ${json(name)}: [`);
      let first = true;
      for await (const { record } of records) {
        out.write(`${first ? '' : ','}\n    ${json(shape(record))}`);
        first = false;
      }
      out.write(`${first ? '' : '\n  '}]`);
    };

    // Pass 2: posts, each once, in crawl order.
    let postId = 0;
    const nextPostId = () => {
      do postId++;
      while (usedPostIds.has(postId));
      return postId;
    };
    await streamArray('posts', journal.read<PostLine>(PART.posts), (record) => {
      const p: PostSeed = { ...record.post };
      p.database_id ??= nextPostId();
      p.tab_id = tabOf(record);
      p.category_ids = (p.category_ids ?? []).filter((id) => categoryIds.has(id));
      const platform = membership.get(p.key)?.platform;
      if (platform) p.platform = platform;
      if (anon) {
        p.title = anon.text(p.title);
        p.description = anon.text(p.description ?? '');
      }
      return p;
    });
    out.write(',\n');
    await streamArray('comments', journal.read<CommentSeed>(PART.comments), (c) =>
      anon ? { ...c, comment: anon.text(c.comment) } : c,
    );
    out.write(',\n');
    await streamArray('feedback', journal.read<FeedbackSeed>(PART.feedback), (f) =>
      anon ? { ...f, feedback: anon.text(f.feedback) } : f,
    );
    out.write('\n}]\n}\n');
    out.flush();
    fsyncSync(fd);
    closeSync(fd);
    renameSync(temp, path.resolve(opts.output));
  } catch (err) {
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
    rmSync(temp, { force: true });
    throw err;
  } finally {
    process.off('exit', removeTemp);
  }
  return counts;
}
