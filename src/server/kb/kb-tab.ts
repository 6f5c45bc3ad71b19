import { newApprovedPost } from '../domain/new-post.js';
import { newPostKey } from '../domain/post-key.js';
import type { IdSource, KbTab, SyncOwnership } from '../../kb-archive/index.js';
import { RuleViolation, ValidationError } from '../domain/errors.js';
import type { Portal } from '../store/portal.js';
import type { PostRecord, TabRecord } from '../../seed-file/seed-file.js';

const INVALID_TAB_MESSAGE = 'The selected tab id is invalid.';

/** A tab of this portal whose type is knowledge_base; anything else is the service's `exists` failure. */
export function findKbTab(portal: Portal, tabId: number | string): TabRecord {
  const id = typeof tabId === 'number' ? tabId : /^\d+$/.test(tabId) ? Number(tabId) : NaN;
  const tab = Number.isSafeInteger(id) ? portal.tabs.get(id) : undefined;
  if (tab === undefined || tab.type !== 'knowledge_base') throw ValidationError.field('tab_id', INVALID_TAB_MESSAGE);
  return tab;
}

/** The tab as the archive modules see it: knowledge-base articles are the tab's posts, whatever their moderation state. */
export function toKbTab(portal: Portal, tab: TabRecord): KbTab {
  return portal.kb.read(tab);
}

/** Archive ids owned elsewhere: a post key or section id that exists in another tab of this portal or anywhere in another portal. */
export function foreignOwnership(portal: Portal, tabId: number): SyncOwnership {
  const elsewhere = (holder: { portal_id: number; tab_id: number | null }) =>
    holder.portal_id !== portal.id || holder.tab_id !== tabId;
  return {
    foreignArticleIds: (key) => portal.kb.postsWithKey(key).some(elsewhere),
    foreignSectionIds: (id) => portal.kb.sectionsWithId(id).some(elsewhere),
  };
}

/**
 * Ids for created items, unique across every portal of the store so that a
 * later archive can never mistake them for another portal's items: section
 * ids from the store's counter, which never goes back; post keys checked
 * against every post of the store.
 */
export function storeIdSource(portal: Portal): IdSource {
  const handedOut = new Set<string>();
  const taken = (key: string) => handedOut.has(key) || portal.kb.postsWithKey(key).length > 0;
  return {
    newSectionId: () => portal.sections.nextId(),
    newArticleKey: () => {
      const key = newPostKey(taken);
      handedOut.add(key);
      return key;
    },
  };
}

/** The portal's first admin, else its first user: the API key itself names no user. */
export function articleAuthor(portal: Portal): string {
  const user = portal.users.first('admin') ?? portal.users.first();
  if (user === undefined) throw new RuleViolation('The portal has no user to author the new articles.');
  return user.id;
}

/**
 * Stores the synced tab into the portal: the tab's description, and its
 * sections and posts updated, created and removed to match `synced`. A removed
 * post takes its comments, references and anonymous votes with it; a kept one
 * gets a new `updated_at` only when its content changed. New posts are
 * approved and authored by `author`. The caller holds the transaction.
 */
export function saveKbTab(portal: Portal, tab: TabRecord, synced: KbTab, now: Date, author: () => string): void {
  portal.tabs.update(tab.id, { description: synced.description });
  const stored = portal.kb.read(tab);
  saveSections(portal, tab, stored, synced);
  const kept = new Set(synced.articles.map((a) => a.key));
  portal.posts.delete(stored.articles.filter((a) => !kept.has(a.key)).map((a) => a.key));
  const before = new Map(stored.articles.map((a) => [a.key, a]));
  const at = now.toISOString();
  for (const a of synced.articles) {
    const old = before.get(a.key);
    if (old === undefined) {
      portal.posts.insert(newArticle(a, tab.id, author(), portal.posts.nextId(), at));
      continue;
    }
    const changed =
      old.title !== a.title ||
      old.body !== a.body ||
      old.section_id !== a.section_id ||
      old.sort_order !== a.sort_order;
    const { title, body: description, section_id, slug, sort_order } = a;
    portal.posts.update(a.key, {
      title,
      description,
      section_id,
      slug,
      sort_order,
      ...(changed && { updated_at: at }),
    });
  }
}

function saveSections(portal: Portal, tab: TabRecord, stored: KbTab, synced: KbTab): void {
  const kept = new Set(synced.sections.map((s) => s.id));
  const existing = new Set(stored.sections.map((s) => s.id));
  for (const id of existing) if (!kept.has(id)) portal.sections.delete(id);
  for (const s of synced.sections) {
    if (existing.has(s.id)) portal.sections.update(s.id, s);
    else portal.sections.insert({ ...s, tab_id: tab.id });
  }
}

/** A post for an article the archive creates: approved, in the tab, written now. */
function newArticle(
  a: KbTab['articles'][number],
  tabId: number,
  author: string,
  databaseId: number,
  at: string,
): PostRecord {
  return newApprovedPost(
    {
      key: a.key,
      database_id: databaseId,
      title: a.title,
      description: a.body,
      author_id: author,
      tab_id: tabId,
      section_id: a.section_id,
      status_id: null,
      category_ids: [],
      slug: a.slug,
      sort_order: a.sort_order,
    },
    at,
  );
}
