import type { SyncPlan as SyncPlanBody, SyncResult } from '../../contract/schemas/knowledgebase.js';
import type { PortalData, PortalState, TabRecord } from '../store/state.js';
import type { Store } from '../store/store.js';
import {
  applySync,
  planSync,
  type ApplyResult,
  type ArticleChange,
  type DeleteConfirmations,
  type ParsedArchive,
  type PlanUpdate,
  type SectionChange,
  type SyncPlan,
} from '../../kb/index.js';
import {
  articleAuthor,
  foreignOwnership,
  saveKbTab,
  storeIdSource,
  tabPosts,
  toKbTab,
  writeBackKbTab,
  type StoreLookups,
} from './kb-tab.js';

export interface SyncConfirmations {
  /** Post keys or the posts' numeric ids. */
  articles: Array<string | number>;
  sections: number[];
}

/** What syncing the archive into the tab would do; changes nothing. */
export function previewSync(
  portals: PortalData[],
  portal: PortalData,
  tab: TabRecord,
  archive: ParsedArchive,
  store?: Pick<StoreLookups, 'postsWithKey'>,
): SyncPlanBody {
  const plan = planSync(toKbTab(portal, tab), archive, foreignOwnership(portals, portal, tab.id, store?.postsWithKey));
  return presentPlan(plan, databaseIds(portal, tab));
}

/**
 * Applies creates and updates, and the deletions whose ids are confirmed.
 * Synchronous from planning to writing back, so no other request can change
 * the tab in between.
 */
export function executeSync(
  portals: PortalData[],
  portal: PortalData,
  tab: TabRecord,
  archive: ParsedArchive,
  confirmations: SyncConfirmations,
  now: Date,
  store?: StoreLookups,
): SyncResult {
  const kbTab = toKbTab(portal, tab);
  const plan = planSync(kbTab, archive, foreignOwnership(portals, portal, tab.id, store?.postsWithKey));
  if (plan.articles.create.length > 0) articleAuthor(portal); // refuse before anything is written
  const before = databaseIds(portal, tab);
  const result = applySync(
    kbTab,
    archive,
    plan,
    confirmedIds(portal, tab, confirmations),
    storeIdSource(portals, store),
  );
  writeBackKbTab(portal, tab, result.tab, now, store && (() => store.newDatabaseId()));
  const after = databaseIds(portal, tab);
  return presentResult(result, (key) => before.get(key) ?? after.get(key)!);
}

/**
 * The knowledge-base modules work on documents of the portals (settings, users,
 * tabs, sections and knowledge-base posts); these run them against the store,
 * which answers what the documents leave out. A sync's writes go in one
 * transaction.
 */
export function previewStoredSync(
  store: Store,
  portal: PortalState,
  tab: TabRecord,
  archive: ParsedArchive,
): SyncPlanBody {
  const docs = store.knowledgeBaseDocuments();
  return previewSync(
    docs,
    docs.find((d) => d.id === portal.id)!,
    tab,
    archive,
    lookups(store, portal),
  );
}

export function executeStoredSync(
  store: Store,
  portal: PortalState,
  tab: TabRecord,
  archive: ParsedArchive,
  confirmations: SyncConfirmations,
  now: Date,
): SyncResult {
  return store.transaction(() => {
    const docs = store.knowledgeBaseDocuments();
    const doc = docs.find((d) => d.id === portal.id)!;
    const result = executeSync(
      docs,
      doc,
      doc.tabs.find((t) => t.id === tab.id)!,
      archive,
      confirmations,
      now,
      lookups(store, portal),
    );
    saveKbTab(portal, doc, tab.id);
    return result;
  });
}

function lookups(store: Store, portal: PortalState): StoreLookups {
  return {
    postsWithKey: (key) => store.postsWithKey(key),
    newSectionId: () => portal.nextSectionId(),
    newDatabaseId: () => portal.nextId('posts'),
  };
}

function confirmedIds(portal: PortalData, tab: TabRecord, confirmations: SyncConfirmations): DeleteConfirmations {
  const posts = tabPosts(portal, tab.id);
  // A number may be a database id, or a post key that happens to be all digits.
  const keys = confirmations.articles.flatMap((id) =>
    typeof id === 'string' ? [id] : posts.filter((p) => p.database_id === id || p.key === String(id)).map((p) => p.key),
  );
  return { articles: keys, sections: confirmations.sections };
}

function databaseIds(portal: PortalData, tab: TabRecord): Map<string, number> {
  return new Map(tabPosts(portal, tab.id).map((p) => [p.key, p.database_id]));
}

type DatabaseIdOf = (key: string) => number;

// Each item is copied field by field: the body carries exactly the contract's fields.
const createItem = ({ title, path }: { title: string; path: string }) => ({ id: null, title, path });
const sectionItem = ({ id, title, path }: { id: number; title: string; path: string }) => ({ id, title, path });
const sectionUpdate = ({ id, title, path, changes }: PlanUpdate<number, SectionChange>) => ({
  id,
  title,
  path,
  changes: [...changes],
});

function articleItem(databaseIdOf: DatabaseIdOf) {
  return ({ id, title, path }: { id: string; title: string; path: string }) => ({
    id,
    database_id: databaseIdOf(id),
    title,
    path,
  });
}

function articleUpdate(databaseIdOf: DatabaseIdOf) {
  return ({ id, title, path, changes }: PlanUpdate<string, ArticleChange>) => ({
    id,
    database_id: databaseIdOf(id),
    title,
    path,
    changes: [...changes],
  });
}

function presentPlan(plan: SyncPlan, ids: Map<string, number>): SyncPlanBody {
  const databaseIdOf = (key: string) => ids.get(key)!;
  return {
    tab: { changes: [...plan.tab.changes] },
    sections: {
      create: plan.sections.create.map(createItem),
      update: plan.sections.update.map(sectionUpdate),
      delete: plan.sections.delete.map(sectionItem),
      unchanged: plan.sections.unchanged.map(sectionItem),
    },
    articles: {
      create: plan.articles.create.map(createItem),
      update: plan.articles.update.map(articleUpdate(databaseIdOf)),
      delete: plan.articles.delete.map(articleItem(databaseIdOf)),
      unchanged: plan.articles.unchanged.map(articleItem(databaseIdOf)),
    },
    summary: { ...plan.summary },
  };
}

function presentResult({ applied, skipped }: ApplyResult, databaseIdOf: DatabaseIdOf): SyncResult {
  const sections = {
    create: applied.sections.create.map(sectionItem),
    update: applied.sections.update.map(sectionUpdate),
    delete: applied.sections.delete.map(sectionItem),
  };
  const articles = {
    create: applied.articles.create.map(articleItem(databaseIdOf)),
    update: applied.articles.update.map(articleUpdate(databaseIdOf)),
    delete: applied.articles.delete.map(articleItem(databaseIdOf)),
  };
  const skippedItems = {
    sections: skipped.sections.map(sectionItem),
    articles: skipped.articles.map(articleItem(databaseIdOf)),
  };
  return {
    applied: { tab: { changes: [...applied.tab.changes] }, sections, articles },
    skipped: skippedItems,
    summary: {
      created: sections.create.length + articles.create.length,
      updated: sections.update.length + articles.update.length + (applied.tab.changes.length > 0 ? 1 : 0),
      deleted: sections.delete.length + articles.delete.length,
      skipped: skippedItems.sections.length + skippedItems.articles.length,
    },
  };
}
