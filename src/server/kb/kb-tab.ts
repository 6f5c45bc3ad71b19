import { newPostKey } from '../domain/post-key.js';
import { RuleViolation, ValidationError } from '../domain/errors.js';
import type { PortalData, PortalState, PostRecord, SectionRecord, TabRecord } from '../store/state.js';
import type { IdSource, KbTab, SyncOwnership } from '../../kb/index.js';

export const INVALID_TAB_MESSAGE = 'The selected tab id is invalid.';

/** A tab of this portal whose type is knowledge_base; anything else is the service's `exists` failure. */
export function findKbTab(portal: Pick<PortalData, 'tabs'>, tabId: number | string): TabRecord {
  const id = typeof tabId === 'number' ? tabId : /^\d+$/.test(tabId) ? Number(tabId) : NaN;
  const tab = portal.tabs.find((t) => t.id === id);
  if (tab === undefined || tab.type !== 'knowledge_base') throw ValidationError.field('tab_id', INVALID_TAB_MESSAGE);
  return tab;
}

/** The tab's sections; a stored portal reads just them rather than every section. */
export function tabSections(portal: PortalData | PortalState, tabId: number): SectionRecord[] {
  return 'tabSections' in portal ? portal.tabSections(tabId) : portal.sections.filter((s) => s.tab_id === tabId);
}

/**
 * Knowledge-base articles are the tab's posts, whatever their moderation state.
 * A stored portal reads just them (by index) rather than every post.
 */
export function tabPosts(portal: PortalData | PortalState, tabId: number): PostRecord[] {
  return 'tabPosts' in portal ? portal.tabPosts(tabId) : portal.posts.filter((p) => p.tab_id === tabId);
}

/** The tab as the archive modules see it. */
export function toKbTab(portal: PortalData | PortalState, tab: TabRecord): KbTab {
  return {
    id: tab.id,
    description: tab.description,
    sections: tabSections(portal, tab.id).map((s) => ({
      id: s.id,
      parent_id: s.parent_id,
      slug: s.slug,
      name: s.name,
      description: s.description,
      sort_order: s.sort_order,
    })),
    articles: tabPosts(portal, tab.id).map((p) => ({
      key: p.key,
      section_id: p.section_id,
      slug: p.slug,
      title: p.title,
      body: p.description,
      sort_order: p.sort_order,
    })),
  };
}

/**
 * What a sync asks of the whole store when its documents hold only the
 * knowledge-base posts: where a post key is used, and ids from the store's
 * counters, which never go back.
 */
export interface StoreLookups {
  /** The portal and tab of every post with this key, in any portal. */
  postsWithKey(key: string): Array<{ portal_id: number; tab_id: number | null }>;
  newSectionId(): number;
  newDatabaseId(): number;
}

/**
 * Archive ids owned elsewhere: a post key or section id that exists in another
 * tab of this portal or anywhere in another portal. Post keys are looked up in
 * the store when `postsWithKey` is given, else in the documents.
 */
export function foreignOwnership(
  portals: PortalData[],
  portal: PortalData,
  tabId: number,
  postsWithKey?: StoreLookups['postsWithKey'],
): SyncOwnership {
  const elsewhere = (p: PortalData, itemTab: number | null) => p !== portal || itemTab !== tabId;
  return {
    foreignArticleIds: postsWithKey
      ? (key) => postsWithKey(key).some((x) => x.portal_id !== portal.id || x.tab_id !== tabId)
      : (key) => portals.some((p) => p.posts.some((x) => x.key === key && elsewhere(p, x.tab_id))),
    foreignSectionIds: (id) => portals.some((p) => p.sections.some((s) => s.id === id && elsewhere(p, s.tab_id))),
  };
}

/**
 * Ids for created items, unique across every portal of the store so that a
 * later archive can never mistake them for another portal's items. With the
 * store's lookups, section ids come from its counter and keys are checked
 * against every post of the store; else both come from the documents.
 */
export function storeIdSource(
  portals: PortalData[],
  store?: Pick<StoreLookups, 'postsWithKey' | 'newSectionId'>,
): IdSource {
  let sectionId = Math.max(0, ...portals.flatMap((p) => p.sections.map((s) => s.id)));
  const keys = new Set(portals.flatMap((p) => p.posts.map((x) => x.key)));
  const taken = (key: string) => keys.has(key) || (store !== undefined && store.postsWithKey(key).length > 0);
  return {
    newSectionId: store ? () => store.newSectionId() : () => ++sectionId,
    newArticleKey: () => {
      const key = newPostKey(taken);
      keys.add(key);
      return key;
    },
  };
}

/**
 * Stores the synced tab back into the portal: sections and posts of the tab are
 * updated, created and removed to match `synced`. A removed post takes its
 * comments, references and anonymous votes with it. New posts are approved and
 * authored by the portal's first admin.
 */
export function writeBackKbTab(
  portal: PortalData,
  tab: TabRecord,
  synced: KbTab,
  now: Date,
  newDatabaseId: () => number = databaseIdAfter(portal),
): void {
  const at = now.toISOString();
  tab.description = synced.description;

  const keptSections = new Set(synced.sections.map((s) => s.id));
  portal.sections = portal.sections.filter((s) => s.tab_id !== tab.id || keptSections.has(s.id));
  const sectionById = new Map(tabSections(portal, tab.id).map((s) => [s.id, s]));
  for (const s of synced.sections) {
    const record = sectionById.get(s.id);
    if (record === undefined) {
      portal.sections.push({ ...s, tab_id: tab.id });
    } else {
      Object.assign(record, {
        parent_id: s.parent_id,
        slug: s.slug,
        name: s.name,
        description: s.description,
        sort_order: s.sort_order,
      });
    }
  }

  const keptPosts = new Set(synced.articles.map((a) => a.key));
  const removed = new Set(
    tabPosts(portal, tab.id)
      .filter((p) => !keptPosts.has(p.key))
      .map((p) => p.key),
  );
  if (removed.size > 0) {
    portal.posts = portal.posts.filter((p) => !removed.has(p.key));
    portal.comments = portal.comments.filter((c) => !removed.has(c.post_key));
    portal.references = portal.references.filter((r) => !removed.has(r.post_key));
    portal.anonymous_votes = portal.anonymous_votes.filter((v) => !removed.has(v.post_key));
    portal.user_votes = portal.user_votes.filter((v) => !removed.has(v.post_key));
  }

  const postByKey = new Map(tabPosts(portal, tab.id).map((p) => [p.key, p]));
  for (const a of synced.articles) {
    const record = postByKey.get(a.key);
    if (record !== undefined) {
      const changed =
        record.title !== a.title ||
        record.description !== a.body ||
        record.section_id !== a.section_id ||
        record.sort_order !== a.sort_order;
      Object.assign(record, {
        title: a.title,
        description: a.body,
        section_id: a.section_id,
        slug: a.slug,
        sort_order: a.sort_order,
      });
      if (changed) record.updated_at = at;
      continue;
    }
    portal.posts.push({
      key: a.key,
      database_id: newDatabaseId(),
      title: a.title,
      description: a.body,
      author_id: articleAuthor(portal),
      tab_id: tab.id,
      section_id: a.section_id,
      status_id: null,
      category_ids: [],
      tag_ids: [],
      moderation_status: 'approved',
      votes_count: 0,
      views_count: 0,
      platform: null,
      version: null,
      release: null,
      slug: a.slug,
      sort_order: a.sort_order,
      created_at: at,
      updated_at: at,
      latest_status_change_at: at,
      moderated_by: null,
      moderated_at: null,
    });
  }
}

/** Database ids counting on from the portal's highest. */
function databaseIdAfter(portal: PortalData): () => number {
  let databaseId = Math.max(0, ...portal.posts.map((p) => p.database_id));
  return () => ++databaseId;
}

/**
 * Stores a tab as written back into a working copy (`writeBackKbTab` on a
 * document of the portal) into the portal of the store: the tab's description,
 * its sections and its posts; removed posts take their comments, references and
 * anonymous votes with them.
 */
export function saveKbTab(portal: PortalState, copy: PortalData, tabId: number): void {
  const tab = copy.tabs.find((t) => t.id === tabId)!;
  portal.updateTab(tabId, { description: tab.description });

  const sections = tabSections(copy, tabId);
  const kept = new Set(sections.map((s) => s.id));
  const stored = new Set(portal.tabSections(tabId).map((s) => s.id));
  for (const id of stored) if (!kept.has(id)) portal.deleteSection(id);
  for (const s of sections) {
    if (stored.has(s.id)) portal.updateSection(s.id, s);
    else portal.insertSection(s);
  }

  const posts = tabPosts(copy, tabId);
  const keys = new Set(posts.map((p) => p.key));
  const before = new Set(portal.tabPosts(tabId).map((p) => p.key));
  portal.deletePosts([...before].filter((key) => !keys.has(key)));
  for (const p of posts) {
    if (before.has(p.key)) {
      const { title, description, section_id, slug, sort_order, updated_at } = p;
      portal.updatePost(p.key, { title, description, section_id, slug, sort_order, updated_at });
    } else {
      portal.insertPost(p);
    }
  }
}

/** The portal's first admin, else its first user: the API key itself names no user. */
export function articleAuthor(portal: PortalData): string {
  const user = portal.users.find((u) => u.role === 'admin') ?? portal.users[0];
  if (user === undefined) throw new RuleViolation('The portal has no user to author the new articles.');
  return user.id;
}
