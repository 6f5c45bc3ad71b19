import type { SyncPlan as SyncPlanBody, SyncResult } from '../../contract/schemas/knowledgebase.js';
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
import type { Portal } from '../store/portal.js';
import type { TabRecord } from '../store/state.js';
import type { Store } from '../store/store.js';
import { articleAuthor, foreignOwnership, saveKbTab, storeIdSource, toKbTab } from './kb-tab.js';

export interface SyncConfirmations {
  /** Post keys or the posts' numeric ids. */
  articles: Array<string | number>;
  sections: number[];
}

/** What syncing the archive into the tab would do; changes nothing. */
export function previewSync(portal: Portal, tab: TabRecord, archive: ParsedArchive): SyncPlanBody {
  const plan = planSync(toKbTab(portal, tab), archive, foreignOwnership(portal, tab.id));
  return presentPlan(plan, databaseIds(portal, tab));
}

/**
 * Applies creates and updates, and the deletions whose ids are confirmed, in
 * one transaction of the store: it reads the one tab, plans, and writes the
 * tab back, with no other request in between.
 */
export function executeSync(
  store: Store,
  portal: Portal,
  tab: TabRecord,
  archive: ParsedArchive,
  confirmations: SyncConfirmations,
  now: Date,
): SyncResult {
  return store.transaction(() => {
    const kbTab = toKbTab(portal, tab);
    const plan = planSync(kbTab, archive, foreignOwnership(portal, tab.id));
    if (plan.articles.create.length > 0) articleAuthor(portal); // refuse before anything is written
    const before = databaseIds(portal, tab);
    const confirmed = confirmedIds(portal, tab, confirmations);
    const result = applySync(kbTab, archive, plan, confirmed, storeIdSource(portal));
    saveKbTab(portal, tab, result.tab, now, () => articleAuthor(portal));
    const after = databaseIds(portal, tab);
    return presentResult(result, (key) => before.get(key) ?? after.get(key)!);
  });
}

function confirmedIds(portal: Portal, tab: TabRecord, confirmations: SyncConfirmations): DeleteConfirmations {
  const posts = portal.posts.inTab(tab.id);
  // A number may be a database id, or a post key that happens to be all digits.
  const keys = confirmations.articles.flatMap((id) =>
    typeof id === 'string' ? [id] : posts.filter((p) => p.database_id === id || p.key === String(id)).map((p) => p.key),
  );
  return { articles: keys, sections: confirmations.sections };
}

function databaseIds(portal: Portal, tab: TabRecord): Map<string, number> {
  return new Map(portal.posts.inTab(tab.id).map((p) => [p.key, p.database_id]));
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
